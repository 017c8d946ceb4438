import { useEffect, useState } from 'preact/hooks';
import { onRateLimit, type RateLimitState } from '../api/rate-gate.js';
import { useI18n } from '../i18n/i18n.js';

/**
 * Said while the server's rate limit holds the page's requests (tiles and API alike): how many
 * seconds are left of its Retry-After, so a map that stops filling in never looks like no data.
 */
export function RateLimitBanner() {
  const { t } = useI18n();
  const [hold, setHold] = useState<RateLimitState | null>(null);
  // Redrawn every second while a hold lasts; the seconds left are read from the clock at each drawing.
  const [, setTick] = useState(0);
  useEffect(() => onRateLimit(setHold), []);
  useEffect(() => {
    if (!hold) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [hold]);
  if (!hold) return null;
  return (
    <p role="alert" class="map-alert">
      {t('rateLimited', { s: Math.max(1, Math.ceil((hold.until - Date.now()) / 1000)) })}
    </p>
  );
}
