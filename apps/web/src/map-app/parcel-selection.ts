import { useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import type { ParcelFeatureView } from '../api/types.js';
import type { MapController } from '../map/map-controller.js';
import { loadParcelFacts } from '../parcel/parcel-loader.js';
import { asApiError } from './api-error.js';
import type { UrlUpdate } from './url-sync.js';

interface ParcelDeps {
  map: { current: MapController | null };
  update: UrlUpdate;
  loadRegion(name: string, teryt: string): Promise<void>;
  closeComparison(): void;
  setNotice(notice: string | null): void;
  noParcelHere(): string;
}

/** The selected parcel: its facts for the panel, its outline on the map, its place in the URL. */
export function useParcelSelection({ map, update, loadRegion, closeComparison, setNotice, noParcelHere }: ParcelDeps) {
  const [parcel, setParcel] = useState<ParcelFeatureView | null>(null);
  const [parcelError, setParcelError] = useState<string | null>(null);

  const loadParcel = async (parcelId: string, fit: boolean): Promise<ParcelFeatureView | null> => {
    setParcel(null);
    setParcelError(null);
    try {
      const feature = await loadParcelFacts(parcelId);
      setParcel(feature);
      void map.current?.setSelected(feature.geometry as GeoJSON.Geometry);
      if (fit) map.current?.fitTo([feature.geometry as GeoJSON.Geometry], 17);
      void loadRegion(feature.properties.gmina, feature.properties.teryt);
      return feature;
    } catch (error) {
      const failure = asApiError(error);
      setParcelError(failure.candidates.length > 0 ? `${failure.message} ${failure.candidates.join(', ')}` : failure.message);
      void map.current?.setSelected(null);
      return null;
    }
  };

  const selectParcel = (parcelId: string, fit: boolean) => {
    closeComparison();
    update({ parcelId }, 'push');
    void loadParcel(parcelId, fit);
  };

  /** A click on the map: the parcel under it, or a notice that there is none. */
  const parcelAt = async (lng: number, lat: number) => {
    try {
      const feature = await getJson<ParcelFeatureView>('/v1/parcels/at', { query: { lng: lng.toFixed(7), lat: lat.toFixed(7) } });
      setNotice(null);
      selectParcel(feature.properties.parcel_id, false);
    } catch (error) {
      const failure = asApiError(error);
      setNotice(failure.status === 404 ? noParcelHere() : failure.message);
    }
  };

  const clearParcel = () => {
    setParcel(null);
    setParcelError(null);
    void map.current?.setSelected(null);
  };

  const back = () => {
    update({ parcelId: null }, 'push');
    clearParcel();
  };

  return { parcel, parcelError, loadParcel, selectParcel, parcelAt, clearParcel, back };
}
