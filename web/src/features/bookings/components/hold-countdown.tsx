import { useEffect, useState } from "react";
import { Timer } from "lucide-react";

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "14:32" for what is left until `until`; never negative. */
export const remainingText = (until: number, now: number): string => {
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return `${twoDigits(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}`;
};

/**
 * The hold of an unpaid booking, ticking every second ('Tu reserva se mantiene 14:32'). When it
 * runs out the slot is let go; `onExpired` lets the screen read the booking again.
 */
export function HoldCountdown({ holdExpiresAt, onExpired }: { holdExpiresAt: string; onExpired?: () => void }) {
  const until = Date.parse(holdExpiresAt);
  const [now, setNow] = useState(() => Date.now());
  const over = now >= until;
  useEffect(() => {
    if (over) {
      onExpired?.();
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [over, onExpired]);

  return (
    <div
      role="timer"
      aria-live="off"
      className={`flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-semibold ring-1 ring-inset ${
        over ? "bg-red-50 text-red-800 ring-red-600/20" : "bg-amber-50 text-amber-900 ring-amber-600/20"
      }`}
    >
      <Timer aria-hidden="true" className="h-4 w-4 shrink-0" />
      {over ? (
        <span>Tu reserva expiró y el horario quedó libre.</span>
      ) : (
        <span>
          Tu reserva se mantiene <span className="tabular-nums">{remainingText(until, now)}</span>
          <span className="font-normal"> · paga antes de que termine el tiempo</span>
        </span>
      )}
    </div>
  );
}
