/** Polls until the check passes or the time runs out (for effects that travel through the broker). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
