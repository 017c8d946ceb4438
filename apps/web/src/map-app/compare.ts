import { useState } from 'preact/hooks';

const COMPARE_MAX = 20;

/** The parcels picked for comparison (at most COMPARE_MAX; the notice says so) and whether the table is open. */
export function useCompare(setNotice: (notice: string) => void, limitNotice: () => string) {
  const [compareIds, setCompareIds] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const toggleCompare = (parcelId: string) => {
    if (compareIds.includes(parcelId)) setCompareIds(compareIds.filter((id) => id !== parcelId));
    else if (compareIds.length >= COMPARE_MAX) setNotice(limitNotice());
    else setCompareIds([...compareIds, parcelId]);
  };
  return { compareIds, comparing, setComparing, toggleCompare };
}
