"""The error-code catalogue: every code a player, a client or a tool can be answered with,
where it comes from, what it means and the message it carries.

The codes come from the source (:mod:`tools.error_scan`); their meanings are written here,
once. ``python -m tools.error_codes`` prints the table that ``docs/protocol.md`` holds between
its ``error-codes`` markers (``--write`` puts it there); a test fails when a code is raised
without a meaning here, when a meaning names a code nothing raises, or when the document's
table is not the one printed. Codes are stable: clients match on them; messages may change.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tools.error_scan import ROOT, Site, matches, scan

DOC = ROOT / "docs" / "protocol.md"
START, END = "<!-- error-codes:start -->", "<!-- error-codes:end -->"

#: code → when it is answered (a code built from a pattern is listed once per code it makes)
MEANINGS: dict[str, str] = {
    # -- the message itself (every route) --
    "message.malformed": "the body is not JSON, or not a JSON object",
    "message.no_action": "the message has no `action` field",
    "message.unknown_action": "the action does not exist, or was sent to another route",
    "message.invalid": "a field is missing, has the wrong type, is out of range or unknown; "
                       "the message names the field in Portuguese",
    "message.too_large": "the message is over 16 KB (the identity API: its body over its limit)",
    "rate.limited": "too many messages from this connection or player; it carries the "
                    "`requestId`",
    "server.error": "anything unexpected: logged with its trace, no internals sent",
    "http.not_found": "the identity API has no such path",
    "match.bad_id": "`GET /match/<id>` with an id that is not 1–64 of `A–Z a–z 0–9 _ -`",
    # -- identity --
    "auth.no_connection": "the connection is unknown (reconnect)",
    "auth.ticket_missing": "connecting without a ticket",
    "auth.ticket_invalid": "a ticket that is malformed, forged or of another kind",
    "auth.ticket_expired": "a ticket older than its minute",
    "auth.ticket_used": "a ticket already opened a connection (one each)",
    "auth.token_missing": "asking for a ticket without the player's token",
    "auth.token_invalid": "a token that is malformed, forged or of another kind",
    "auth.token_expired": "a token past its expiry (sign in again)",
    "auth.signed_out": "a token or ticket of a device that was signed out (`POST "
                       "/devices/signout`): the browser forgets its token; a code from a "
                       "device still signed in brings the player back",
    "identity.bad_name": "a display name that is empty, too long, of other scripts, or a "
                         "bot's",
    "identity.rate_limited": "too many new guests from one network in an hour",
    # -- devices and one-time codes --
    "link.malformed": "`POST /link/redeem` with something that cannot be a code (not 8 of "
                      "the code's 31 characters, dash and spaces aside); nothing is read or "
                      "written",
    "link.rate_limited": "too many code tries from one network (an IPv6 /64) in an hour",
    "link.unknown": "no code has that value (never made, mistyped, or long gone)",
    "link.expired": "a code past its 10 minutes",
    "link.used": "a code already redeemed (each works once)",
    "link.too_many": "`POST /link`: more than 3 codes in 10 minutes for one player",
    "device.bad_id": "`POST /devices/signout` naming a device id that is not one",
    "device.not_found": "`POST /devices/signout` of a device already signed out (or never "
                        "the player's)",
    # -- the lobby --
    "queue.not_in": "leaving a queue you are not in",
    "room.not_found": "no room has that code",
    "room.closed": "the room has started or was closed",
    "room.full": "people and bots already fill the room",
    "room.not_host": "only the host may change or start the room",
    "room.not_in": "leaving a room you are not in",
    "room.too_many": "the settings ask for more bots than the free seats",
    "room.busy": "no free room code could be drawn (try again)",
    "settings.contradictory": "a theme chosen for a table without themes",
    "profile.style_locked": "a tile or board style not unlocked yet",
    "rematch.not_finished": "asking to play again before the match ended",
    "rematch.gone": "the room moved on to another match or closed",
    "daily.played": "the daily challenge was already played today",
    "daily.name_played": "another player already took today's attempt under this name "
                         "(case and accents aside)",
    "state.changed": "the match or table kept changing while the request retried: try again",
    # -- a match, from the service --
    "match.not_found": "no match has that id (`GET /match/<id>`: a 404)",
    "match.not_seated": "a seat's action in a match you do not sit in",
    "match.finished": "a command to a match that has ended",
    "match.already_in": "starting something live while seated in an unfinished live match",
    "match.player_busy": "a person of a live match being started (a room's, the queue's) "
                         "sat down in another live match meanwhile; the room reopens "
                         "without them, the queue's table plays on without them",
    "match.too_many": "starting (or being seated in) one more match at your own pace while "
                      "sitting in as many as a person may (20 by default)",
    "match.left": "`resume` of a match you left",
    "match.resume_first": "a command from a connection that has not opened the match "
                          "(`resume` or `watch`)",
    "clock.not_pausable": "stopping the turn's clock at a table where someone waits (only "
                          "Solo tables allow it)",
    "watch.closed": "watching a live match whose table allows no spectators, or asking "
                    "for its summary (`GET /match/<id>`: a 403)",
    "watch.daily_open": "watching, replaying, reading the moves or asking for the summary of "
                        "someone else's daily attempt while its day is open (`GET "
                        "/match/<id>`: a 403)",
    "review.not_finished": "a review asked for before the match ended",
    # -- a match, from the engine's rules --
    "match.over": "the engine refuses a command to a finished match",
    "match.seats": "a table with fewer or more seats than its rules allow, or one person "
                   "twice",
    "seat.invalid": "a seat number the match does not have",
    "seat.left": "a command from a seat that left",
    "turn.not_yours": "acting out of turn",
    "turn.already_played": "a second action in the same turn",
    "turn.expired": "the action came more than 2 s (the grace) after the turn's deadline",
    "turn.stale": "a timeout of a turn that is already over",
    "command.unknown": "a command the engine does not know",
    "move.empty": "a play with no tile",
    "move.too_many": "more tiles than a rack can hold",
    "move.off_board": "a tile or word outside the board",
    "move.duplicate_square": "two tiles on one square",
    "move.occupied": "a tile on a square that already has one",
    "move.bad_letter": "a tile that is not a letter A–Z (or a wildcard's letter of the "
                       "wrong kind)",
    "move.bad_direction": "a direction other than across or down",
    "move.not_in_line": "tiles not in one row or one column",
    "move.gap": "an empty square between the play's tiles",
    "move.centre": "a first play that does not cover the centre square",
    "move.not_connected": "a later play that touches no tile on the board",
    "move.too_short": "a main word of one letter",
    "move.too_long": "a word longer than the board",
    "move.not_a_word": "a word (main or crossing) the lexicon does not have",
    "move.not_in_rack": "tiles the rack does not hold",
    "move.conflict": "a word that disagrees with a board tile in its way",
    "move.anchored": "a tile on a square an opponent's Âncora holds",
    "swap.count": "swapping none, or more than the swap limit",
    "swap.not_in_rack": "swapping tiles the rack does not hold",
    "card.disabled": "a market action in a match without cards",
    "card.no_slot": "no card in that slot of the row",
    "card.coins": "not enough coins for the card",
    "card.owned": "buying a card you already own",
    "card.not_owned": "selling or using a card you do not own",
    "card.phase": "a card used after the turn's action",
    "card.not_instant": "a word card used on its own (it goes with a play)",
    "card.not_move": "an instant card named in a play",
    "card.duplicate": "one card named twice in a play",
    "card.target": "a card's target (square, seat, letter, tiles) missing or not allowed",
    "card.unused": "a wildcard card in a play that no tile uses",
    "card.active": "Segundo Fôlego already active this turn",
    "card.limit": "the rack is at the most tiles a card can give",
    "card.rack_full": "the rack is at its largest size",
    "card.no_theme": "a theme card in a match without a theme",
    "card.no_choice": "a choice with nothing pending",
    "card.choice_pending": "another action while a card's choice waits",
    "card.option": "a choice outside the options offered",
    "theme.none": "no theme can be drawn for a themed table",
    "theme.unknown": "a theme id the library does not have",
    # -- files and data (tools, the lexicon build, stored items) --
    "theme.invalid": "a theme file that breaks its format",
    "word.empty": "an empty word",
    "word.invalid_chars": "a word with no letter A–Z",
    "word.too_long": "a word longer than the lexicon allows",
    "lexicon.format": "a lexicon or word-graph file that is truncated, corrupt or of an "
                      "unknown version",
    "board.invalid": "a board of the wrong size or with a character that is not a tile",
    "state.invalid": "a stored match state of an unknown format",
    "position.missing": "a position file without a required field",
    "position.type": "a position file field of the wrong type",
    "position.square": "a square name that is not one (`K11` or `[row, col]`)",
    "position.rack": "a rack tile that is not one",
    "position.rules": "a rule set name other than standard, classic or solo",
    "position.chain": "a chain that is not `{length, roots}`",
    "notation.fields": "a one-line position without its five fields (or a move not of "
                       "three)",
    "notation.board": "a notation board with the wrong number of rows or squares, or a "
                      "character that is not a tile",
    "notation.rack": "a notation rack with a tile that is not one",
    "notation.theme": "a notation theme that is not a theme id or `-`",
    "notation.chain": "a notation chain that is not `length:ROOT,ROOT`",
    "notation.rules": "a notation rule set other than standard, classic or solo",
    "notation.move": "a notation move with a bad square, arrow or word",
    "notation.unrepresentable": "a position the one-line notation cannot write back exactly",
}


def _where(sites: Sequence[Site]) -> str:
    modules = sorted({s.path.removeprefix("functions/").removesuffix(".py") for s in sites})
    return ", ".join(f"`{m}`" for m in modules)


def _message(sites: Sequence[Site]) -> str:
    message = next((s.message for s in sites if s.message), None)
    if message is None:
        return "(the refusal's own explanation)"
    return message.replace("|", "\\|")


def catalogue(found: dict[str, list[Site]] | None = None) -> list[tuple[str, str, str, str]]:
    """``(code, where, meaning, message)`` for every code in :data:`MEANINGS`, in order."""
    found = scan() if found is None else found
    rows = []
    for code, meaning in MEANINGS.items():
        sites = found.get(code) or [s for pattern, raised in found.items()
                                    if matches(pattern, code) for s in raised]
        rows.append((code, _where(sites), meaning, _message(sites)))
    return rows


def problems(found: dict[str, list[Site]] | None = None) -> list[str]:
    """What keeps the catalogue and the source apart (empty when they agree)."""
    found = scan() if found is None else found
    out = [f"{code} is raised ({found[code][0].path}:{found[code][0].line}) but has no "
           "meaning in tools/error_codes.py" for code in found
           if "…" not in code and code not in MEANINGS]
    out += [f"the pattern {pattern} ({sites[0].path}:{sites[0].line}) makes no code in "
            "tools/error_codes.py" for pattern, sites in found.items()
            if "…" in pattern and not any(matches(pattern, code) for code in MEANINGS)]
    out += [f"{code} has a meaning but nothing raises it" for code in MEANINGS
            if code not in found and not any(matches(p, code) for p in found if "…" in p)]
    return out


def table(found: dict[str, list[Site]] | None = None) -> str:
    lines = ["| code | where | when | message (Portuguese, as shown) |", "|---|---|---|---|"]
    lines += [f"| `{code}` | {where} | {meaning} | {message} |"
              for code, where, meaning, message in catalogue(found)]
    return "\n".join(lines)


def documented(text: str) -> str:
    """The table a document holds between the markers."""
    start, end = text.index(START) + len(START), text.index(END)
    return text[start:end].strip()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.error_codes",
        description="Imprime a tabela de códigos de erro (a de docs/protocol.md).")
    parser.add_argument("--write", action="store_true",
                        help="grava a tabela em docs/protocol.md, entre os marcadores")
    args = parser.parse_args(argv)
    found = scan()
    trouble = problems(found)
    if trouble:
        for line in trouble:
            sys.stderr.write(f"erro: {line}\n")
        return 1
    text = table(found)
    if args.write:
        doc = DOC.read_text("utf-8")
        start, end = doc.index(START) + len(START), doc.index(END)
        DOC.write_text(f"{doc[:start]}\n{text}\n{doc[end:]}", "utf-8")
    else:
        sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
