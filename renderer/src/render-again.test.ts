import { RenderAgain } from './render-again';

describe('when a page whose data changed is rendered again', () => {
  it('at once when it changed long after its render', () => {
    const again = new RenderAgain();
    expect(again.after('en/home', 0, 60_000)).toBe(60_000);
    expect(again.after('en/home', 60_500, 120_000)).toBe(120_000);
  });

  it('after 1, 2, 4 … at most 30 s while it keeps changing soon after each render, and at once again once it stays unchanged', () => {
    const again = new RenderAgain();
    let renderedAt = 0;
    const waits: number[] = [];
    while (waits.length < 7) {
      const found = renderedAt + 800; // changed again 0.8 s after each render
      renderedAt = again.after('en/home', renderedAt, found);
      waits.push(renderedAt - found);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(again.after('en/home', renderedAt, renderedAt + 10_000)).toBe(renderedAt + 10_000);
    expect(again.after('en/home', renderedAt + 10_500, renderedAt + 11_000)).toBe(renderedAt + 12_000);
  });

  it('keeps each page to its own wait', () => {
    const again = new RenderAgain();
    expect(again.after('en/home', 0, 500)).toBe(1_500);
    expect(again.after('en/home', 1_500, 2_000)).toBe(4_000);
    expect(again.after('bn/home', 0, 500)).toBe(1_500);
  });
});
