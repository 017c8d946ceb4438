import { defineSubject, type Subject } from '../common/subject.js';

/** Every service answers `<context>.status.get` with this. */
export interface ServiceStatusView {
  service: string;
  pid: number;
  uptime_s: number;
}

export const SERVICE_CONTEXTS = ['parcel', 'search', 'market', 'layer', 'geocode', 'watches'] as const;

export function serviceStatusSubject(context: string): Subject<Record<string, never>, ServiceStatusView> {
  return defineSubject(`${context}.status.get`);
}
