import sys

from tools.lexicon_build.build import main

sys.exit(main())
