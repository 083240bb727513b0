import { languageOf } from './language';

describe('the language a page is rendered in', () => {
  it("is the shopper's choice when the cookie holds one", () => {
    expect(languageOf('a=1; bazar.language=bn', 'en-US,en;q=0.9')).toBe('bn');
    expect(languageOf('bazar.language=en', 'bn-BD')).toBe('en');
  });

  it("is otherwise the first of the browser's languages the store speaks", () => {
    expect(languageOf(undefined, 'fr-FR,bn;q=0.8,en;q=0.5')).toBe('bn');
    expect(languageOf('', 'en;q=0.4, bn-BD;q=0.9')).toBe('bn');
    expect(languageOf(undefined, 'bn;q=0, en')).toBe('en');
  });

  it('is English for anything else', () => {
    expect(languageOf('bazar.language=de', 'fr')).toBe('en');
    expect(languageOf(undefined, undefined)).toBe('en');
  });
});
