import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * DejaVu Sans from the dejavu-fonts-ttf package: it has every Polish letter (ą ć ę ł ń ó ś ź ż),
 * ships as plain TTF that pdfkit subsets and embeds, and needs nothing installed on the host.
 */
const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONTS = {
  regular: join(fontDir, 'DejaVuSans.ttf'),
  bold: join(fontDir, 'DejaVuSans-Bold.ttf'),
  condensed: join(fontDir, 'DejaVuSansCondensed.ttf'),
  condensedBold: join(fontDir, 'DejaVuSansCondensed-Bold.ttf'),
} as const;

export const COLORS = {
  ink: '#1f2933',
  muted: '#616e7c',
  navy: '#1b2a41',
  accent: '#0b6e69',
  rule: '#d3d9e0',
  headerFill: '#eef2f6',
  noticeFill: '#fff4e5',
  stripe: '#f7f9fb',
  mapBackground: '#fbfbf7',
  neighbour: '#8d96a0',
  parcelFill: '#2f6fdf',
  parcelStroke: '#0d3a8c',
  blocking: '#c62828',
  restrictive: '#e08a00',
  informational: '#2b7bbf',
} as const;

export const PAGE = { size: 'A4' as const, margins: { top: 48, bottom: 58, left: 50, right: 50 } };
