import { REGION_QUERY_MAX_LENGTH, type RegionView } from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { bulletList } from './support/text-format.js';

const unitSchema = z.object({
  teryt: z.string().describe('TERYT code: pass it as region to the search and market tools'),
  name: z.string(),
  unit_type: z.string().describe('Polish TERYT type: gmina miejska, gmina wiejska, gmina miejsko-wiejska, powiat, miasto na prawach powiatu, województwo'),
  level: z.string().describe('voivodeship, powiat or gmina'),
  parent: z.string().nullable().describe('Parent units in words; tells same-named units apart'),
  label: z.string().describe('Name, type and parent in one line, to show the user'),
  layers_available: z.array(z.string()).describe('Layers with data in the whole unit'),
  layers_partial: z.array(z.string()).describe('Layers with data in only part of the unit; any partial layer (see list_layers) in neither list has no data here'),
});

const outputSchema = z.object({ query: z.string(), units: z.array(unitSchema).describe('Best match first; empty when nothing matched') });

export const resolveRegionTool = defineTool({
  name: 'resolve_region',
  title: 'Resolve a place name to administrative units',
  description: [
    'Turns a place name (gmina, powiat or voivodeship; diacritics optional: "ostroda" finds Ostróda) into administrative units with their TERYT codes, unit types and parents, best match first.',
    'Use it when a search tool reports an ambiguous place (several gminas share names, e.g. the urban and the rural gmina Ostróda): show the user the labels, let them choose, then pass the TERYT code as region.',
    'Each unit also lists the layers with data there (complete or partial), so you can check before relying on a partial layer such as local plans or grid capacity.',
  ].join(' '),
  scope: 'parcels:read',
  inputSchema: z.object({ name: z.string().trim().min(1).max(REGION_QUERY_MAX_LENGTH).describe('Place name or its beginning, e.g. "Ostróda", "powiat poznański", or a TERYT code') }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ name }, ctx) {
    const units = await ctx.gateway.get<RegionView[]>('/v1/regions', { q: name, limit: 10 });
    const structured = {
      query: name,
      units: units.map(({ teryt, name: unitName, unit_type, level, parent, label, layers_available, layers_partial }) => ({
        teryt,
        name: unitName,
        unit_type,
        level,
        parent,
        label,
        layers_available,
        layers_partial,
      })),
    };
    const text =
      units.length === 0
        ? `No gmina, powiat or voivodeship matches "${name}". Check the spelling with the user.`
        : [`Units matching "${name}" (best first):`, ...bulletList(units, (unit) => `${unit.label} — TERYT ${unit.teryt}`)].join('\n');
    return { structuredContent: structured, text };
  },
});
