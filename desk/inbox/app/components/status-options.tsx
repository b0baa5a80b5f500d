import { LEAD_STATUSES } from '../../api-contract.ts';

/** One `<option>` per lead status, in the desk's order, each showing and sending the status. */
export function StatusOptions() {
  return LEAD_STATUSES.map((status) => (
    <option key={status} value={status}>
      {status}
    </option>
  ));
}
