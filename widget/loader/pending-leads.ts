/** `PENDING_STORAGE_KEY` of widget/leads (the loader may not import it; a unit test pins both). */
export const PENDING_LEADS_KEY = 'voice-assistant:pending-leads';

/** Whether an earlier page load left `key` in `storage` (reading storage may throw). */
export function leftOnDevice(storage: 'localStorage' | 'sessionStorage', key: string): boolean {
  try {
    return globalThis[storage]?.getItem(key) != null;
  } catch {
    return false;
  }
}

/** Whether an earlier page load left leads waiting on the device. */
export function leadsPending(): boolean {
  return leftOnDevice('localStorage', PENDING_LEADS_KEY);
}
