// A small leveled console logger for startup and device services, before and beside Fastify's own.
export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

const RANK: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

export function consoleLogger(level: string): Logger {
  const threshold = RANK[level] ?? RANK.info ?? 30;
  const at =
    (rank: number, write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (rank >= threshold) write(new Date().toISOString(), ...args);
    };
  return { info: at(30, console.log), warn: at(40, console.warn), error: at(50, console.error) };
}
