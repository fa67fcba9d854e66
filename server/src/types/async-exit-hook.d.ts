declare module 'async-exit-hook' {
  interface ExitHook {
    (hook: (done?: () => void) => void): void;
    /** Stops listening to a process event the module hooked. */
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
