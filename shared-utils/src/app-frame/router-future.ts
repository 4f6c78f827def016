/** Opt in to react-router's v7 behaviour now: no deprecation warnings, no change when it moves on. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
