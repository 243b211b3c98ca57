// What sw.js uses of a service worker's global scope. The page's type check has the DOM's
// types, which cannot be mixed with the web worker's in one program; these few declarations
// stand in for the latter. Not published.

export interface ExtendableEvent extends Event { waitUntil(work: Promise<unknown>): void }
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Response | Promise<Response>): void;
}
export interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
export interface NotificationEvent extends ExtendableEvent { readonly notification: Notification }
export interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
export interface Clients {
  matchAll(options: { type: "window"; includeUncontrolled?: boolean }): Promise<WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
  claim(): Promise<void>;
}
export interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}
