/** Sort values that tie as floats but not as decimals, zeros written two ways, and ordinary figures. */
export const TRICKY = [
  '0',
  '0.0',
  '100',
  '99.99999999999999999999',
  '100.00000000000000000001',
  '1',
  '1.00',
  '0.000001',
];
