import { Injectable } from '@nestjs/common';
import type { CompareParcelsRequest, ParcelComparisonView, ScenarioFitView } from '@lp/contracts';
import { ParcelService } from '../parcel/parcel.service.js';
import { ScenarioFitClient } from '../rpc/scenario-fit.client.js';
import { bestValues } from './best-values.js';
import { comparisonRow } from './comparison-row.js';

const COMPARE_BLOCKS = ['regulations', 'constraints', 'terrain', 'proximity'];

/** compare_parcels: one row per parcel in the order asked, best values per column, unknown ids. */
@Injectable()
export class CompareService {
  constructor(
    private readonly parcels: ParcelService,
    private readonly scenarios: ScenarioFitClient,
  ) {}

  async compare(request: CompareParcelsRequest): Promise<ParcelComparisonView> {
    const batch = await this.parcels.getBatch(request.parcel_ids, COMPARE_BLOCKS);
    const scenario = request.scenario;
    // null: search-svc could not answer; the row says so in gaps instead of the whole call failing.
    const fits: Array<ScenarioFitView | null | undefined> = scenario
      ? await Promise.all(batch.features.map((feature) => this.scenarios.evaluateIfAvailable(scenario, feature.id)))
      : batch.features.map(() => undefined);
    const rows = batch.features.map((feature, index) => comparisonRow(feature, fits[index]));
    return { ...(scenario ? { scenario } : {}), rows, best: bestValues(rows, scenario), missing: batch.missing };
  }
}
