export interface HealthView {
  status: 'ok' | 'unavailable';
  checks: Record<string, 'ok' | string>;
}
