/**
 * Shares one in-flight run of `operation` among all concurrent callers; the next call after it
 * settles starts a new run (T3, W3).
 */
export function singleFlight<T>(operation: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    if (!inFlight) {
      inFlight = operation().finally(() => {
        inFlight = undefined;
      });
    }
    return inFlight;
  };
}
