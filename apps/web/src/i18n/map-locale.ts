import type { Language } from './messages.js';

/**
 * MapLibre's own words (control titles and aria labels, the map's label, the scale bar's units) in
 * each language of the application: the `locale` map option. English is MapLibre's default table.
 */
const POLISH: Record<string, string> = {
  'AttributionControl.ToggleAttribution': 'Pokaż lub ukryj źródła danych',
  'AttributionControl.MapFeedback': 'Zgłoś uwagę do mapy',
  'FullscreenControl.Enter': 'Pełny ekran',
  'FullscreenControl.Exit': 'Zamknij pełny ekran',
  'GeolocateControl.FindMyLocation': 'Pokaż moje położenie',
  'GeolocateControl.LocationNotAvailable': 'Położenie niedostępne',
  'LogoControl.Title': 'Logo MapLibre',
  'Map.Title': 'Mapa',
  'Marker.Title': 'Znacznik',
  'NavigationControl.ResetBearing': 'Przeciągnij, aby obrócić mapę; kliknij, aby wrócić na północ',
  'NavigationControl.ZoomIn': 'Powiększ',
  'NavigationControl.ZoomOut': 'Pomniejsz',
  'Popup.Close': 'Zamknij',
  'ScaleControl.Feet': 'ft',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'mi',
  'ScaleControl.NauticalMiles': 'Mm',
  'GlobeControl.Enable': 'Włącz widok globu',
  'GlobeControl.Disable': 'Wyłącz widok globu',
  'TerrainControl.Enable': 'Włącz teren 3D',
  'TerrainControl.Disable': 'Wyłącz teren 3D',
  'CooperativeGesturesHandler.WindowsHelpText': 'Przytrzymaj Ctrl i przewijaj, aby przybliżać mapę',
  'CooperativeGesturesHandler.MacHelpText': 'Przytrzymaj ⌘ i przewijaj, aby przybliżać mapę',
  'CooperativeGesturesHandler.MobileHelpText': 'Przesuwaj mapę dwoma palcami',
};

/** MapLibre's default table, written out: a switch back from Polish must replace every word. */
const ENGLISH: Record<string, string> = {
  'AttributionControl.ToggleAttribution': 'Show or hide the data sources',
  'AttributionControl.MapFeedback': 'Map feedback',
  'FullscreenControl.Enter': 'Enter fullscreen',
  'FullscreenControl.Exit': 'Exit fullscreen',
  'GeolocateControl.FindMyLocation': 'Find my location',
  'GeolocateControl.LocationNotAvailable': 'Location not available',
  'LogoControl.Title': 'MapLibre logo',
  'Map.Title': 'Map',
  'Marker.Title': 'Map marker',
  'NavigationControl.ResetBearing': 'Drag to rotate map, click to reset north',
  'NavigationControl.ZoomIn': 'Zoom in',
  'NavigationControl.ZoomOut': 'Zoom out',
  'Popup.Close': 'Close popup',
  'ScaleControl.Feet': 'ft',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'mi',
  'ScaleControl.NauticalMiles': 'nm',
  'GlobeControl.Enable': 'Enable globe',
  'GlobeControl.Disable': 'Disable globe',
  'TerrainControl.Enable': 'Enable terrain',
  'TerrainControl.Disable': 'Disable terrain',
  'CooperativeGesturesHandler.WindowsHelpText': 'Use Ctrl + scroll to zoom the map',
  'CooperativeGesturesHandler.MacHelpText': 'Use ⌘ + scroll to zoom the map',
  'CooperativeGesturesHandler.MobileHelpText': 'Use two fingers to move the map',
};

export function mapLocale(language: Language): Record<string, string> {
  return language === 'pl' ? POLISH : ENGLISH;
}
