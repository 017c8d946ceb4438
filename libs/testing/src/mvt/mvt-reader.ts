/**
 * A minimal Mapbox Vector Tile 2.1 reader for tests: walks the protobuf wire format of a tile
 * (layers, keys, features, geometry commands) and fails on anything malformed. It checks the
 * bytes are a real tile without a decoder package.
 */
export interface MvtFeature {
  id: number | null;
  type: number;
  /** Property name to value index pairs resolved to names. */
  keys: string[];
  /** Vertices in tile units. */
  points: Array<[number, number]>;
}

export interface MvtLayer {
  name: string;
  version: number;
  extent: number;
  keys: string[];
  values: Array<string | number | boolean>;
  features: MvtFeature[];
}

class Reader {
  position = 0;
  constructor(private readonly bytes: Uint8Array, private readonly end = bytes.length) {}

  done(): boolean {
    return this.position >= this.end;
  }

  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.position >= this.end) throw new Error('varint runs past the end');
      const byte = this.bytes[this.position++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
      if (shift > 63) throw new Error('varint too long');
    }
  }

  bytesField(): Uint8Array {
    const length = this.varint();
    if (this.position + length > this.end) throw new Error('length-delimited field runs past the end');
    const slice = this.bytes.subarray(this.position, this.position + length);
    this.position += length;
    return slice;
  }

  fixed(size: 4 | 8): number {
    if (this.position + size > this.end) throw new Error('fixed-size field runs past the end');
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.position, size);
    this.position += size;
    return size === 4 ? view.getFloat32(0, true) : view.getFloat64(0, true);
  }

  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 2) this.bytesField();
    else if (wire === 1) this.position += 8;
    else if (wire === 5) this.position += 4;
    else throw new Error(`unknown wire type ${wire}`);
  }

  fields(visit: (field: number, wire: number) => void): void {
    while (!this.done()) {
      const key = this.varint();
      visit(Math.floor(key / 8), key % 8);
    }
    if (this.position !== this.end) throw new Error('message overruns its length');
  }
}

const text = new TextDecoder('utf-8', { fatal: true });
const zigzag = (value: number): number => (value % 2 === 1 ? -(value + 1) / 2 : value / 2);

function packed(bytes: Uint8Array): number[] {
  const reader = new Reader(bytes);
  const values: number[] = [];
  while (!reader.done()) values.push(reader.varint());
  return values;
}

function readValue(bytes: Uint8Array): string | number | boolean {
  const reader = new Reader(bytes);
  let value: string | number | boolean | undefined;
  reader.fields((field, wire) => {
    if (field === 1 && wire === 2) value = text.decode(reader.bytesField());
    else if (field === 2 && wire === 5) value = reader.fixed(4);
    else if (field === 3 && wire === 1) value = reader.fixed(8);
    else if ((field === 4 || field === 5) && wire === 0) value = reader.varint();
    else if (field === 6 && wire === 0) value = zigzag(reader.varint());
    else if (field === 7 && wire === 0) value = reader.varint() === 1;
    else reader.skip(wire);
  });
  if (value === undefined) throw new Error('value without a type');
  return value;
}

function geometryPoints(commands: number[]): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  let x = 0;
  let y = 0;
  for (let index = 0; index < commands.length; ) {
    const command = commands[index++]!;
    const id = command & 7;
    const count = command >> 3;
    if (id === 7) continue;
    if (id !== 1 && id !== 2) throw new Error(`unknown geometry command ${id}`);
    for (let n = 0; n < count; n++) {
      if (index + 1 >= commands.length) throw new Error('geometry parameters run past the end');
      x += zigzag(commands[index++]!);
      y += zigzag(commands[index++]!);
      points.push([x, y]);
    }
  }
  return points;
}

export function readMvt(bytes: Uint8Array): MvtLayer[] {
  const layers: MvtLayer[] = [];
  const tile = new Reader(bytes);
  tile.fields((field, wire) => {
    if (field !== 3 || wire !== 2) return tile.skip(wire);
    const layerBytes = tile.bytesField();
    const reader = new Reader(layerBytes);
    const layer: MvtLayer = { name: '', version: 1, extent: 4096, keys: [], values: [], features: [] };
    const rawFeatures: Uint8Array[] = [];
    reader.fields((layerField, layerWire) => {
      if (layerField === 1 && layerWire === 2) layer.name = text.decode(reader.bytesField());
      else if (layerField === 2 && layerWire === 2) rawFeatures.push(reader.bytesField());
      else if (layerField === 3 && layerWire === 2) layer.keys.push(text.decode(reader.bytesField()));
      else if (layerField === 4 && layerWire === 2) layer.values.push(readValue(reader.bytesField()));
      else if (layerField === 5 && layerWire === 0) layer.extent = reader.varint();
      else if (layerField === 15 && layerWire === 0) layer.version = reader.varint();
      else reader.skip(layerWire);
    });
    for (const raw of rawFeatures) {
      const featureReader = new Reader(raw);
      const feature: MvtFeature = { id: null, type: 0, keys: [], points: [] };
      featureReader.fields((featureField, featureWire) => {
        if (featureField === 1 && featureWire === 0) feature.id = featureReader.varint();
        else if (featureField === 2 && featureWire === 2) {
          const tags = packed(featureReader.bytesField());
          if (tags.length % 2 !== 0) throw new Error('odd number of tags');
          for (let index = 0; index < tags.length; index += 2) {
            const key = layer.keys[tags[index]!];
            if (key === undefined || tags[index + 1]! >= layer.values.length) throw new Error('tag points past keys or values');
            feature.keys.push(key);
          }
        } else if (featureField === 3 && featureWire === 0) feature.type = featureReader.varint();
        else if (featureField === 4 && featureWire === 2) feature.points = geometryPoints(packed(featureReader.bytesField()));
        else featureReader.skip(featureWire);
      });
      layer.features.push(feature);
    }
    layers.push(layer);
  });
  return layers;
}
