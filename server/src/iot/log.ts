/** The logging the device services need (fastify's and pino's loggers fit, so does console). */
export interface DeviceLog {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}
