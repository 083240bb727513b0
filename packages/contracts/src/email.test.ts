import { EMAIL_PATTERN, Email, SignupEmail } from './index';

const problem = (value: string) => {
  const parsed = SignupEmail.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe("the store's email rule (WHATWG's)", () => {
  it.each([
    'rahim.uddin@gmail.com',
    'a+b@x.com.bd',
    'x@y.info',
    'first.last@gmail.com',
    'Rahim.Uddin@Gmail.COM',
    'nusrat_jahan-99@mail.example.org',
    'shopper@bazar.test',
    "o'neil!#$%&*/=?^`{|}~@x.bd",
    // WHATWG asks for no dot after the @, as the browser's own email field does
    'admin@localhost',
  ])('accepts %s', (address) => {
    expect(EMAIL_PATTERN.test(address)).toBe(true);
    expect(problem(address)).toBeUndefined();
    expect(Email.safeParse(address).success).toBe(true);
  });

  it.each([
    'rahim',
    'rahim@',
    '@gmail.com',
    'rahim uddin@gmail.com',
    'rahim@gmail..com',
    'rahim@gmail.com.',
    'rahim@.gmail.com',
    'rahim@-gmail.com',
    'rahim@gmail-.com',
    'rahim@gmail_com.bd',
    'a@b@c.com',
    '"rahim"@gmail.com',
    'rahim@[127.0.0.1]',
    'রহিম@gmail.com',
    `rahim@${'a'.repeat(64)}.com`,
  ])("refuses %s with 'Provide a valid Email'", (address) => {
    expect(EMAIL_PATTERN.test(address)).toBe(false);
    expect(problem(address)).toBe('Provide a valid Email');
    expect(Email.safeParse(address).success).toBe(false);
  });

  it("keeps the spec's message for an empty address", () => {
    expect(problem('')).toBe('Email is Required');
  });

  it('lowercases what the API takes, after trimming', () => {
    expect(Email.parse('  Rahim.Uddin@Gmail.com ')).toBe('rahim.uddin@gmail.com');
  });
});
