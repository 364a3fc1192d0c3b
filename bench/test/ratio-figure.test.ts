import { ratioFigure } from '../lib/tables';

it('shows a ratio just under its target with the third place that tells it from the target', () => {
  // 0.848 to 2 places reads "0.85", which is the target it misses.
  expect(ratioFigure(0.848, 0.85)).toBe('0.848');
  expect(ratioFigure(0.9496, 0.95)).toBe('0.949');
  expect(ratioFigure(0.95, 0.95)).toBe('0.950');
  expect(ratioFigure(0.851, 0.85)).toBe('0.851');
});

it('shows other ratios to 2 places', () => {
  expect(ratioFigure(0.68, 0.85)).toBe('0.68');
  expect(ratioFigure(1.234, 0.95)).toBe('1.23');
});
