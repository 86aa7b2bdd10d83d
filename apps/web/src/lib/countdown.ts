import { useCallback, useEffect, useState } from 'react';

/** SMS resend countdown in seconds (spec 000 §1: "resend countdown in seconds"; the server says 60). */
export const SMS_RESEND_SECONDS = 60;
/** SMS code length and validity (spec 000 §1). */
export const SMS_CODE_LENGTH = 4;
export const SMS_CODE_VALID_MIN = 10;

/** Whole seconds left until `until` (ms epoch) at `now`, never negative; rounds up so 0.2 s shows 1. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Deadline of a countdown of `seconds` started at `now`. */
export function deadline(seconds: number, now: number): number {
  return now + seconds * 1000;
}

/** True for a well-formed SMS code: exactly four digits. */
export function isSmsCode(value: string): boolean {
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(value);
}

/** A resend countdown: `start(seconds)` begins it; `left` is the seconds remaining (0 = may resend). */
export function useCountdown(): { left: number; start: (seconds?: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) {
        setUntil(null);
        clearInterval(timer);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  const start = useCallback((seconds = SMS_RESEND_SECONDS) => {
    const t = Date.now();
    setNow(t);
    setUntil(deadline(seconds, t));
  }, []);
  return { left: secondsLeft(until, now), start };
}
