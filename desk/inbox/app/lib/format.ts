/**
 * Times and durations as the inbox writes them. A time is never computed here: the desk sends
 * each with its display text in the brokerage's zone, read with the desk's pinned tz database
 * (`Sunday, November 29, 2026, 2:00 PM MST`), because the browser's own zone rules may be older
 * and would put a viewing at another hour than the email and the calendar invite.
 */

/** The desk's display text for a time, or a dash when there is none. */
export function timeText(text: string | null | undefined): string {
  return text ? text : '—';
}

/** 83 → "01:23"; an hour or more → "1:01:23". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A span in words: "45 s", "12 min", "3 h 20 min", "2 d 4 h". */
export function span(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) {
    return '—';
  }
  const s = Math.round(seconds);
  if (s < 60) {
    return `${s} s`;
  }
  const minutes = Math.round(s / 60);
  if (minutes < 60) {
    return `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0 ? `${days} d` : `${days} d ${restHours} h`;
}

/** 0.237 → "23.7%"; null → "—". */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(1)}%`;
}
