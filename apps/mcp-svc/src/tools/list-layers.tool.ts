import type { LayerListView } from '@lp/contracts';
import { z } from 'zod';
import type { GatewayClient } from '../gateway/gateway.client.js';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';

const outputSchema = z.object({
  layers: z.array(
    z.object({
      id: z.string().describe('Layer id, as used in search filters and coverage entries'),
      name: z.string(),
      category: z.string(),
      source: z.string(),
      coverage: z.enum(['national', 'partial']).describe('partial: data only in some regions; check a region with resolve_region or landparcel://regions/{teryt}'),
      cadence: z.string().describe('How often the layer is refreshed'),
      feature_count: z.number().int(),
      refreshed_at: z.string().nullable().describe('Last refresh; null: never loaded (no data anywhere)'),
    }),
  ),
});
export type LayerCatalogue = z.output<typeof outputSchema>;

/** Shared with the landparcel://layers resource. */
export async function readLayers(gateway: GatewayClient): Promise<LayerCatalogue> {
  const list = await gateway.get<LayerListView>('/v1/layers');
  return {
    layers: list.layers.map(({ id, name, category, source, coverage, cadence, feature_count, refreshed_at }) => ({ id, name, category, source, coverage, cadence, feature_count, refreshed_at })),
  };
}

export const listLayersTool = defineTool({
  name: 'list_layers',
  title: 'List the data layers',
  description: [
    'Every data layer behind the tools (cadastre, planning, environment, energy grid, transport, buildings, terrain, risk, market) with its category, source, coverage (national or partial), refresh cadence and last refresh time.',
    'Use it to explain where an answer comes from and how fresh it is, or to see which layers are partial: a partial layer (local plan zones, general plans, grid capacity, terrain) has data only in some regions, so check a region before relying on it. Also available as the resource landparcel://layers.',
  ].join(' '),
  scope: 'layers:read',
  inputSchema: z.object({}),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run(_args, ctx) {
    const catalogue = await readLayers(ctx.gateway);
    const lines = catalogue.layers.map(
      (layer) => `- ${layer.id} (${layer.category}, ${layer.coverage}): ${layer.name}; ${layer.feature_count} features, refreshed ${layer.refreshed_at ?? 'never'} (${layer.cadence})`,
    );
    return { structuredContent: catalogue, text: [`${catalogue.layers.length} layers:`, ...lines].join('\n') };
  },
});
