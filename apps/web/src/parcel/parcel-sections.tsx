import type { ComponentChildren } from 'preact';
import type { BlockCoverageView, ParcelFeatureView } from '../api/types.js';
import { formatDate, formatDistance, formatNumber, useI18n } from '../i18n/i18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useKindName, useLayerName } from '../i18n/layer-names.js';
import { preEmptionHolder, term } from '../i18n/terms.js';

type Properties = ParcelFeatureView['properties'];

export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="facts">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export function Zoning({ regulations }: { regulations: NonNullable<Properties['regulations']> }) {
  const { language, t } = useI18n();
  const mpzp = regulations.mpzp;
  const limits = mpzp
    ? [
        mpzp.max_height_m !== null ? `${t('maxHeight')} ${formatNumber(language, mpzp.max_height_m, 1)} m` : null,
        mpzp.max_building_coverage_pct !== null ? `${t('maxCoverage')} ${formatNumber(language, mpzp.max_building_coverage_pct)}%` : null,
        mpzp.min_biologically_active_pct !== null ? `${t('minBioActive')} ${formatNumber(language, mpzp.min_biologically_active_pct)}%` : null,
      ].filter((limit): limit is string => limit !== null)
    : [];
  return (
    <Section title={t('zoning')}>
      <dl>
        {regulations.zoning_source && (
          <>
            <dt>{t('zoningSource')}</dt>
            <dd>{term(language, regulations.zoning_source)}</dd>
          </>
        )}
        <dt>{t('localPlan')}</dt>
        <dd>
          {mpzp === undefined ? (
            <Unknown />
          ) : mpzp === null ? (
            t('noLocalPlan')
          ) : (
            <>
              <strong>{mpzp.symbol}</strong> {mpzp.label ? <span lang="pl">{mpzp.label}</span> : mpzp.category} — <span lang="pl">{mpzp.plan_name}</span>
              {mpzp.adopted_on && (
                <>
                  {' '}
                  <span class="date">({formatDate(language, mpzp.adopted_on)})</span>
                </>
              )}
              {limits.length > 0 && <div class="muted">{limits.join(' · ')}</div>}
            </>
          )}
        </dd>
        <dt>{t('generalPlan')}</dt>
        <dd>
          {regulations.plan_ogolny === undefined ? (
            <Unknown />
          ) : regulations.plan_ogolny === null ? (
            t('none')
          ) : (
            <>
              {regulations.plan_ogolny.zone_symbol} <span lang="pl">{regulations.plan_ogolny.zone_label ?? regulations.plan_ogolny.kind}</span> ({term(language, regulations.plan_ogolny.status)})
            </>
          )}
        </dd>
        <dt>{t('study')}</dt>
        <dd>{regulations.studium === undefined ? <Unknown /> : regulations.studium === null ? t('none') : <span lang="pl">{regulations.studium.designation}</span>}</dd>
        <dt>{t('preEmption')}</dt>
        <dd>{regulations.pre_emption.length === 0 ? t('none') : <PreEmption rights={regulations.pre_emption} />}</dd>
      </dl>
    </Section>
  );
}

/** Each right: who holds it (in the reader's language where we have the words) and its legal basis (Polish law, as cited). */
function PreEmption({ rights }: { rights: NonNullable<Properties['regulations']>['pre_emption'] }) {
  const { language } = useI18n();
  return (
    <>
      {rights.map((right, index) => {
        const holder = preEmptionHolder(language, right);
        return (
          <span key={`${right.holder}-${right.basis}`}>
            {index > 0 && '; '}
            <span lang={holder.lang === language ? undefined : holder.lang}>{holder.text}</span> (<span lang="pl">{right.basis}</span>)
          </span>
        );
      })}
    </>
  );
}

const SEVERITY_WORD: Record<string, MessageKey> = { blocking: 'severityBlocking', restrictive: 'severityRestrictive', informational: 'severityInformational' };

export function Constraints({ constraints }: { constraints: NonNullable<Properties['constraints']> }) {
  const { language, t } = useI18n();
  const kindName = useKindName(language);
  return (
    <Section title={t('constraints')}>
      {constraints.items.length === 0 ? (
        <p>{t('noConstraints')}</p>
      ) : (
        <ul class="constraints">
          {constraints.items.map((item) => (
            <li key={`${item.layer}-${item.id}`} class={`severity-${item.severity}`}>
              <span class="badge">{t(SEVERITY_WORD[item.severity] ?? 'severityInformational')}</span> {item.name ? <span lang="pl">{item.name}</span> : kindName(item.kind)}{' '}
              <span class="muted">
                ({kindName(item.kind)};{' '}
                {item.overlap_pct > 0 ? t('overlap', { pct: formatNumber(language, item.overlap_pct, 1) }) : t('distance', { m: formatDistance(language, item.distance_m) })})
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function Terrain({ terrain }: { terrain: NonNullable<Properties['terrain']> }) {
  const { language, t } = useI18n();
  const value = (figure: number | undefined, unit: string, digits = 1) => (figure === undefined ? <Unknown /> : `${formatNumber(language, figure, digits)} ${unit}`);
  return (
    <Section title={t('terrain')}>
      <dl>
        <dt>{t('elevation')}</dt>
        <dd>{value(terrain.elevation_mean_m, t('elevationUnit'))}</dd>
        <dt>{t('slope')}</dt>
        <dd>{value(terrain.slope_mean_pct, '%')}</dd>
        <dt>{t('slopeP90')}</dt>
        <dd>{value(terrain.slope_p90_pct, '%')}</dd>
      </dl>
    </Section>
  );
}

export function Nearest({ proximity }: { proximity: NonNullable<Properties['proximity']> }) {
  const { language, t } = useI18n();
  return (
    <Section title={t('nearest')}>
      <table class="nearest">
        <tbody>
          {proximity.items.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <th scope="row">{term(language, item.kind)}</th>
              {/* A feature's own name (OSM, registers), in whatever language it was given: not to be translated. */}
              <td class="muted" translate={false}>
                {item.name ?? ''}
              </td>
              <td class="distance">{formatDistance(language, item.distance_m)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function Market({ market }: { market: NonNullable<Properties['market']> }) {
  const { language, t } = useI18n();
  return (
    <Section title={t('market')}>
      <dl>
        <dt>{t('medianPrice')}</dt>
        <dd>
          {market.median_price_per_sqm_pln === undefined || market.median_price_per_sqm_pln === null ? <Unknown /> : `${formatNumber(language, market.median_price_per_sqm_pln, 2)} ${t('pricePerSqm')}`}
        </dd>
      </dl>
      {market.comparables !== undefined && <p class="muted">{t('comparables', { n: market.comparables, r: formatDistance(language, market.radius_m) })}</p>}
    </Section>
  );
}

/** Every layer without full data behind these facts: unknown, not "no". */
export function CoverageGaps({ blocks }: { blocks: Array<{ coverage: BlockCoverageView[] } | undefined> }) {
  const { language, t } = useI18n();
  const layerName = useLayerName(language);
  const gaps = new Map<string, BlockCoverageView>();
  for (const block of blocks) for (const entry of block?.coverage ?? []) if (entry.status !== 'available') gaps.set(entry.layer, entry);
  if (gaps.size === 0) return null;
  return (
    <section class="facts gaps" aria-labelledby="gaps-title">
      <h3 id="gaps-title">⚠ {t('coverageGaps')}</h3>
      <ul>
        {[...gaps.values()].map((gap) => (
          <li key={gap.layer}>
            <strong>{layerName(gap.layer)}</strong>: {gap.status === 'missing' ? t('statusMissing') : t('statusPartial')} — {t('unknownNotNo')}
            {gap.note && language === 'en' ? <div class="muted">{gap.note}</div> : null}
            {gap.note && language !== 'en' ? (
              <details>
                <summary class="small">{t('apiNote')}</summary>
                <p lang="en" class="muted small">
                  {gap.note}
                </p>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Unknown() {
  const { t } = useI18n();
  return <span class="unknown">{t('unknownNotNo')}</span>;
}
