/**
 * Arrow columns made straight from typed arrays. Apache Arrow's builders (and `vectorFromArray`,
 * which LanceDB uses for plain objects) compile their null check with `new Function`; Cairn runs
 * no generated code, so the index is written from these columns and never from plain records.
 */
import { createRequire } from 'node:module';
import type { Data, FixedSizeList as FixedSizeListType, Float32 as Float32Type, Table as TableType, Utf8 as Utf8Type } from 'apache-arrow';

// Apache Arrow ships an ES module and a CommonJS build, and LanceDB requires the CommonJS one: a
// table made from the ES module's classes fails LanceDB's `instanceof` checks, and its rebuilding
// of such a table compares schemas that no longer match. The columns are made from the same build
// LanceDB uses.
const { Field, FixedSizeList, Float32, makeData, RecordBatch, Schema, Struct, Table, Utf8 } = createRequire(import.meta.url)(
  'apache-arrow',
) as typeof import('apache-arrow');

const encoder = new TextEncoder();

/** A non-null UTF-8 column. */
export function utf8Column(values: readonly string[]): Data<Utf8Type> {
  const encoded = values.map((value) => encoder.encode(value));
  const valueOffsets = new Int32Array(values.length + 1);
  let total = 0;
  encoded.forEach((bytes, i) => {
    total += bytes.length;
    valueOffsets[i + 1] = total;
  });
  const data = new Uint8Array(total);
  encoded.forEach((bytes, i) => {
    data.set(bytes, valueOffsets[i]!);
  });
  return makeData({ type: new Utf8(), length: values.length, nullCount: 0, valueOffsets, data });
}

/** A non-null column of fixed-size float vectors, from one row-major matrix. */
export function vectorColumn(matrix: Float32Array, dimensions: number): Data<FixedSizeListType<Float32Type>> {
  const length = matrix.length / dimensions;
  const child = makeData({ type: new Float32(), length: matrix.length, nullCount: 0, data: matrix });
  return makeData({ type: new FixedSizeList(dimensions, new Field('item', new Float32(), true)), length, nullCount: 0, child });
}

/** A table of the given columns, all of one length. */
export function tableOf(columns: Record<string, Data>): TableType {
  const fields = Object.entries(columns).map(([name, data]) => new Field(name, data.type, false));
  const length = Object.values(columns)[0]?.length ?? 0;
  const schema = new Schema(fields);
  const struct = makeData({ type: new Struct(fields), length, nullCount: 0, children: Object.values(columns) });
  return new Table([new RecordBatch(schema, struct)]);
}
