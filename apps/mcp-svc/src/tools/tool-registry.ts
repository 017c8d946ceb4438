import type { AnyTool } from './tool-definition.js';

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** The tools one server offers, by name; checked once so a clash fails at start-up. */
export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();

  constructor(tools: readonly AnyTool[]) {
    for (const tool of tools) {
      if (!TOOL_NAME.test(tool.name)) throw new Error(`Tool name "${tool.name}" must be snake_case, at most 64 characters.`);
      if (this.byName.has(tool.name)) throw new Error(`Tool "${tool.name}" is registered twice.`);
      if (tool.description.trim().length === 0) throw new Error(`Tool "${tool.name}" has no description.`);
      this.byName.set(tool.name, tool);
    }
  }

  list(): readonly AnyTool[] {
    return [...this.byName.values()];
  }

  get(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }
}

/**
 * The production tools. Empty on purpose: the 13 tools of the spec (search_parcels, find_sites,
 * list_scenarios, locate_parcel, resolve_region, get_parcel, check_regulations, check_constraints,
 * nearby, market_comparables, compare_parcels, parcel_report, list_layers) land with the MCP issue,
 * one `<tool>.tool.ts` each, once the REST endpoints behind them exist.
 */
export const TOOLS: readonly AnyTool[] = [];
