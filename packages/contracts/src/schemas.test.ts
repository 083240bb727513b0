import {
  AddToCart,
  BD_MOBILE_INPUT_PATTERN,
  BdMobilePhone,
  Email,
  IdParams,
  MediaUrl,
  NewProduct,
  OrderPlaced,
  ProductEdit,
  PlaceOrder,
  SignupEmail,
  deadLetterTopic,
  TOPICS,
} from './index';

describe('ids and emails', () => {
  it('accepts a 24-hex ObjectId and refuses anything else', () => {
    expect(IdParams.safeParse({ id: '507f1f77bcf86cd799439011' }).success).toBe(true);
    expect(IdParams.safeParse({ id: '507f1f77bcf86cd79943901' }).success).toBe(false);
    expect(IdParams.safeParse({ id: { $gt: '' } }).success).toBe(false);
  });

  it('lowercases API emails and refuses query-operator objects', () => {
    expect(Email.parse(' Shopper@Bazar.test ')).toBe('shopper@bazar.test');
    expect(Email.safeParse({ $gt: '' }).success).toBe(false);
    expect(Email.safeParse('not-an-email').success).toBe(false);
  });

  it("applies the store's email rule with the spec's messages at sign-up", () => {
    expect(SignupEmail.safeParse('Rahim.Uddin@gmail.com').success).toBe(true);
    const wrong = SignupEmail.safeParse('rahim uddin@gmail.com');
    expect(wrong.success || wrong.error.issues[0]?.message).toBe('Provide a valid Email');
    const empty = SignupEmail.safeParse('');
    expect(empty.success || empty.error.issues[0]?.message).toBe('Email is Required');
  });
});

describe('Bangladeshi mobile numbers', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '01712345678'],
    ['017-1234-5678', '01712345678'],
    // as a Bangla keyboard types them
    ['০১৭১২৩৪৫৬৭৮', '01712345678'],
    ['+৮৮০ ১৭১২-৩৪৫৬৭৮', '01712345678'],
  ])('accepts %s as %s', (input, normalised) => {
    expect(BdMobilePhone.parse(input)).toBe(normalised);
  });

  it.each(['0171234567', '02712345678', '01212345678', '+881712345678', '8801712345678x', '০১২১২৩৪৫৬৭৮'])('refuses %s', (input) => {
    expect(BdMobilePhone.safeParse(input).success).toBe(false);
  });

  it("lets a form's phone field pass what the API takes, and only that", () => {
    const field = new RegExp(`^(?:${BD_MOBILE_INPUT_PATTERN})$`, 'v');
    const typed = ['01712345678', '+8801712345678', '017-1234-5678', '০১৭১২৩৪৫৬৭৮', '+৮৮০ ১৭১২-৩৪৫৬৭৮', '০১৭১২ ৩৪৫৬৭৮'];
    const wrong = ['0171234567', '02712345678', '01212345678', '+881712345678', '৮৮০১৭১২৩৪৫৬৭৮', '০১২১২৩৪৫৬৭৮', '01712345678০'];
    for (const text of [...typed, ...wrong]) expect([text, field.test(text)]).toEqual([text, BdMobilePhone.safeParse(text).success]);
    expect(typed.every((text) => field.test(text))).toBe(true);
  });
});

describe('uploaded image URLs', () => {
  it.each(['/media/rice.webp', 'http://localhost:8080/media/rice.webp'])('accepts %s', (url) => {
    expect(MediaUrl.safeParse(url).success).toBe(true);
  });

  // a host no URL can have passed the pattern, and the user service's origin check then threw (500)
  it.each(['http://[/media/rice.webp', 'http://shop:99999/media/rice.webp', 'https://%zz/media/rice.webp', '/uploads/rice.webp'])(
    'refuses %s',
    (url) => {
      expect(MediaUrl.safeParse(url).success).toBe(false);
    },
  );
});

describe('product edit', () => {
  it('takes any of the fields of publishing, under the same rules, and nothing else', () => {
    expect(ProductEdit.parse({ price: '199.50' })).toEqual({ price: 199.5 });
    expect(ProductEdit.safeParse({ quantity: '1.5' }).error?.issues.map((i) => i.message)).toEqual(['quantity must be a whole number']);
    expect(ProductEdit.safeParse({ name: 'Rice', sold: 0 }).success).toBe(false);
    expect(ProductEdit.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['Give at least one field to change']);
  });

  it('keeps a Bangla name sent blank as given but empty, which the catalog takes away', () => {
    const edit = ProductEdit.parse({ name_bn: '  ' });
    expect(edit).toHaveProperty('name_bn', undefined);
    expect(ProductEdit.parse({ name: 'Rice' })).not.toHaveProperty('name_bn');
  });
});

describe('new product', () => {
  const valid = { name: 'Miniket Rice 5 kg', price: '385', quantity: '40', description: 'Fine white rice', img: '/media/abc.webp' };

  it('parses numbers sent as text, in digits 0-9 or the Bangla digits a Bangla keyboard types', () => {
    expect(NewProduct.parse(valid)).toMatchObject({ price: 385, quantity: 40 });
    expect(NewProduct.parse({ ...valid, price: '৩৮৫.৫০', quantity: ' ৪০ ' })).toMatchObject({ price: 385.5, quantity: 40 });
    expect(ProductEdit.parse({ price: '১৯৯.৫', quantity: '০' })).toEqual({ price: 199.5, quantity: 0 });
  });

  it.each([
    [{ price: 'abc' }, 'price must be a number'],
    [{ price: '0' }, 'price must be more than 0'],
    [{ price: '-5' }, 'price must be a number'],
    [{ price: '1000001' }, 'price must be at most 1000000 taka'],
    [{ price: '10.555' }, 'price must not have more than 2 decimals'],
    [{ quantity: '2.5' }, 'quantity must be a whole number'],
    [{ quantity: '২.৫' }, 'quantity must be a whole number'],
    [{ price: '৳১২০' }, 'price must be a number'],
    [{ quantity: '100001' }, 'quantity must be between 0 and 100000'],
    [{ name: '   ' }, 'is required'],
    [{ name_bn: { $gt: '' } }, 'must be text'],
  ])('refuses %j with "%s"', (change, message) => {
    const result = NewProduct.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('takes a Bangla name and description, trimmed, and leaves them out when blank or not given', () => {
    expect(NewProduct.parse({ ...valid, name_bn: ' মিনিকেট চাল ', description_bn: 'ঝরঝরে ভাতের চাল' })).toMatchObject({
      name_bn: 'মিনিকেট চাল',
      description_bn: 'ঝরঝরে ভাতের চাল',
    });
    const blank = NewProduct.parse({ ...valid, name_bn: '  ', description_bn: '' });
    expect([blank.name_bn, blank.description_bn]).toEqual([undefined, undefined]);
    expect(NewProduct.parse(valid)).not.toHaveProperty('name_bn');
  });

  it('bounds the Bangla name and description like the English ones', () => {
    const long = NewProduct.safeParse({ ...valid, name_bn: 'চ'.repeat(121), description_bn: 'চ'.repeat(1001) });
    expect(long.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['name_bn', 'must be at most 120 characters'],
      ['description_bn', 'must be at most 1000 characters'],
    ]);
  });
});

describe('cart and order bodies', () => {
  it('defaults the quantity to one and ignores client copies of catalog fields', () => {
    expect(AddToCart.parse({ productId: '507f1f77bcf86cd799439011', cartPrice: 1 })).toMatchObject({ cartQuantity: 1 });
    expect(AddToCart.safeParse({ productId: '507f1f77bcf86cd799439011', cartQuantity: 100 }).success).toBe(false);
  });

  it('accepts the spec order body with an empty phone', () => {
    expect(PlaceOrder.safeParse({ name: 'Rahim', email: 'rahim@bazar.test', phone: '', addinfo: '', total: 90, mycart: [] }).success).toBe(
      true,
    );
  });

  const cartLine = {
    _id: '507f1f77bcf86cd799439012',
    productId: '507f1f77bcf86cd799439011',
    cartimage: '/media/tea.webp',
    cartName: 'Tea',
    cartName_bn: 'চা',
    cartPrice: 90,
    cartDes: 'Black tea',
    cartQuantity: 1,
    userEmail: 'rahim@bazar.test',
  };
  const order = { name: 'Rahim', email: 'rahim@bazar.test', phone: '', addinfo: '', total: 90 };

  it("takes the cart's lines as the cart answered them in mycart, or any part of them", () => {
    expect(PlaceOrder.safeParse({ ...order, mycart: [cartLine, { cartName: 'Tea', cartQuantity: 1 }] }).success).toBe(true);
  });

  it.each(['$where', 'role', 'cartName.$ne'])('refuses a mycart line with the unknown key %s (issue 53)', (key) => {
    const refused = PlaceOrder.safeParse({ ...order, mycart: [{ ...cartLine, [key]: 'sleep(1000)' }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: [key], path: ['mycart', 0] })]);
  });

  it('refuses a name over more than one line, keeps a Bangla name with ZWNJ and ZWJ', () => {
    expect(PlaceOrder.safeParse({ ...order, name: 'Rahim\nUddin' }).error?.issues[0]?.message).toBe('must be on one line');
    expect(PlaceOrder.safeParse({ ...order, name: '\u09B0\u200D\u09CD\u09AF\u09BE\u09AC \u0995\u09BF\u200C\u09A8' }).success).toBe(true);
  });
});

describe('events', () => {
  it('validates the OrderPlaced envelope', () => {
    const event = {
      id: '2f1b7c8e-4d8a-4b8e-9a3f-1c2d3e4f5a6b',
      type: 'OrderPlaced',
      occurredAt: new Date().toISOString(),
      payload: {
        orderId: '507f1f77bcf86cd799439011',
        userId: 'b5d0f6a2-2c1e-4d7b-9f4e-0a1b2c3d4e5f',
        userEmail: 'rahim@bazar.test',
        items: [{ productId: '507f1f77bcf86cd799439012', quantity: 2 }],
      },
    };
    expect(OrderPlaced.safeParse(event).success).toBe(true);
    expect(OrderPlaced.safeParse({ ...event, type: 'RoleChanged' }).success).toBe(false);
    expect(OrderPlaced.safeParse({ ...event, id: 'not-a-uuid' }).success).toBe(false);
  });

  it('names dead-letter topics after their topic', () => {
    expect(deadLetterTopic(TOPICS.orderPlaced)).toBe('order-placed.dlq');
  });
});
