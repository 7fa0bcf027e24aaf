import { type Logger, type LoggerOptions, pino } from "pino";
import { maskedError } from "../http/request-log.ts";

/**
 * On a terminal a person reads the log: one coloured line per message (pino-pretty, in pino's
 * worker thread, off the request path). Anywhere else (a service manager, a container, a pipe)
 * it stays one JSON object per line, for a log collector.
 */
export function loggerOptions(level: string, terminal: boolean): LoggerOptions {
  // An error's message or stack may hold an address with a secret in it (server/http/request-log.ts).
  const serializers = { err: maskedError };
  if (!terminal) return { level, serializers };
  return {
    level,
    serializers,
    transport: {
      target: "pino-pretty",
      options: { colorize: !process.env.NO_COLOR, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" },
    },
  };
}

export function createLogger(level: string, terminal = Boolean(process.stdout.isTTY)): Logger {
  return pino(loggerOptions(level, terminal));
}
