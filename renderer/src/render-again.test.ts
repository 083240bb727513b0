import { RenderAgain } from './render-again';

describe('when a page whose data changed is rendered again', () => {
  it('at once when it changed long after its render', () => {
    const again = new RenderAgain();
    expect(again.after('en/home', 0, 60_000, 'ahead')).toBe(60_000);
    expect(again.after('en/home', 60_500, 120_000, 'ahead')).toBe(120_000);
  });

  /** The waits of a page found changed 0.8 s after each of `renders` renders. */
  const waitsWhileChanging = (again: RenderAgain, key: string, kind: 'ahead' | 'other', renders: number) => {
    let renderedAt = 0;
    const waits: number[] = [];
    while (waits.length < renders) {
      const found = renderedAt + 800;
      renderedAt = again.after(key, renderedAt, found, kind);
      waits.push(renderedAt - found);
    }
    return { waits, renderedAt };
  };

  it('after 1, 2, 4 … at most 30 s while a page rendered ahead keeps changing soon after each render, and at once again once it stays unchanged twice its last wait', () => {
    const again = new RenderAgain();
    const { waits, renderedAt } = waitsWhileChanging(again, 'en/home', 'ahead', 7);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(again.after('en/home', renderedAt, renderedAt + 60_000, 'ahead')).toBe(renderedAt + 60_000);
    expect(again.after('en/home', renderedAt + 60_500, renderedAt + 61_000, 'ahead')).toBe(renderedAt + 62_000);
  });

  it('goes on waiting longer after a lull shorter than twice its last wait (a pause between rushes of orders)', () => {
    const again = new RenderAgain();
    const { waits, renderedAt } = waitsWhileChanging(again, 'en/search/search=rice', 'other', 5);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    // found changed 14 s after its last render: more than 10 s, less than twice 16
    expect(again.after('en/search/search=rice', renderedAt, renderedAt + 14_000, 'other')).toBe(renderedAt + 14_000 + 32_000);
  });

  it('up to 5 minutes for any other page (a product whose stock moves with every order)', () => {
    const { waits } = waitsWhileChanging(new RenderAgain(), 'en/product-details/p1', 'other', 11);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000]);
  });

  it('keeps each page to its own wait', () => {
    const again = new RenderAgain();
    expect(again.after('en/home', 0, 500, 'ahead')).toBe(1_500);
    expect(again.after('en/home', 1_500, 2_000, 'ahead')).toBe(4_000);
    expect(again.after('bn/home', 0, 500, 'ahead')).toBe(1_500);
  });
});
