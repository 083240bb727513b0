// A large, realistic catalog for tests and benchmarks (`npm run seed -- --products 5000`): the
// groceries of a Bangladeshi online shop, made by combining each shelf's items with the brands and
// pack sizes it is sold in. The same count and batch always give the same products (ids, names,
// prices, stock, popularity), whatever the machine.
import { derivedObjectId } from '@bazar/service-kit/mongo';
import type mongoose from 'mongoose';

/** An item of a shelf: its name, its Bangla name, the emoji its picture is made of, and its price in
 *  taka for a pack of the shelf's first size. */
type Item = [name: string, bangla: string, emoji: string, taka: number];
/** A pack size, and how many times the first size's price it costs. */
type Size = [label: string, times: number];

/** Each brand (or, for fresh food, the place it comes from) as Bangladeshi shoppers write it. */
const BRANDS_BN = {
  Chashi: 'চাষী',
  Pran: 'প্রাণ',
  'ACI Pure': 'এসিআই পিওর',
  Teer: 'তীর',
  Fresh: 'ফ্রেশ',
  Rupchanda: 'রূপচাঁদা',
  Bashundhara: 'বসুন্ধরা',
  Ifad: 'ইফাদ',
  Aarong: 'আড়ং',
  Deshi: 'দেশি',
  Radhuni: 'রাঁধুনী',
  Pusti: 'পুষ্টি',
  Ruchi: 'রুচি',
  Arku: 'আরকু',
  Shan: 'শান',
  Molla: 'মোল্লা',
  ACI: 'এসিআই',
  Confidence: 'কনফিডেন্স',
  Deshbandhu: 'দেশবন্ধু',
  Chandpur: 'চাঁদপুরের',
  Padma: 'পদ্মার',
  Meghna: 'মেঘনার',
  'Sylhet Haor': 'সিলেটের হাওরের',
  "Cox's Bazar": 'কক্সবাজারের',
  Khulna: 'খুলনার',
  Rajshahi: 'রাজশাহীর',
  Farm: 'খামারের',
  'Bengal Meat': 'বেঙ্গল মিট',
  'Kazi Farms': 'কাজী ফার্মস',
  Paragon: 'প্যারাগন',
  Aftab: 'আফতাব',
  'Fresh Cut': 'ফ্রেশ কাট',
  CP: 'সিপি',
  Nourish: 'নারিশ',
  Quality: 'কোয়ালিটি',
  'Farm Fresh': 'ফার্ম ফ্রেশ',
  Organic: 'অর্গানিক',
  Bogura: 'বগুড়ার',
  Jashore: 'যশোরের',
  Rangpur: 'রংপুরের',
  Chapainawabganj: 'চাঁপাইনবাবগঞ্জের',
  Dinajpur: 'দিনাজপুরের',
  Satkhira: 'সাতক্ষীরার',
  Imported: 'বিদেশি',
  'Milk Vita': 'মিল্ক ভিটা',
  'Aarong Dairy': 'আড়ং ডেইরি',
  'Pran Dairy': 'প্রাণ ডেইরি',
  Igloo: 'ইগলু',
  Dano: 'ডানো',
  Diploma: 'ডিপ্লোমা',
  Marks: 'মার্কস',
  Starship: 'স্টারশিপ',
  Akij: 'আকিজ',
  'Ispahani Mirzapore': 'ইস্পাহানি মির্জাপুর',
  Seylon: 'সিলন',
  Tetley: 'টেটলি',
  'Kazi & Kazi': 'কাজী অ্যান্ড কাজী',
  Finlay: 'ফিনলে',
  Taaza: 'তাজা',
  Nescafé: 'নেসক্যাফে',
  'Halda Valley': 'হালদা ভ্যালি',
  'Bombay Sweets': 'বোম্বে সুইটস',
  Olympic: 'অলিম্পিক',
  Danish: 'ড্যানিশ',
  Haque: 'হক',
  Nabisco: 'নাবিস্কো',
  'Bisk Club': 'বিস্ক ক্লাব',
  Cocola: 'কোকোলা',
  Kishwan: 'কিশোয়ান',
  Romania: 'রোমানিয়া',
  'Mr. Noodles': 'মি. নুডলস',
  Maggi: 'ম্যাগি',
  Knorr: 'নর',
  Doodles: 'ডুডলস',
  Banoful: 'বনফুল',
  Mum: 'মাম',
  Kinley: 'কিনলে',
  Aquafina: 'অ্যাকুয়াফিনা',
  'Pran Frooto': 'প্রাণ ফ্রুটো',
  Mojo: 'মোজো',
  Clemon: 'ক্লেমন',
  Speed: 'স্পিড',
  Tang: 'ট্যাং',
  Shezan: 'শেজান',
  Ahmed: 'আহমেদ',
  Bombay: 'বোম্বে',
  Sajeeb: 'সজীব',
  Vim: 'ভিম',
  Wheel: 'হুইল',
  Rin: 'রিন',
  'Surf Excel': 'সার্ফ এক্সেল',
  Chaka: 'চাকা',
  Jet: 'জেট',
  Harpic: 'হারপিক',
  Lizol: 'লাইজল',
  Keya: 'কেয়া',
  Savlon: 'স্যাভলন',
  Lux: 'লাক্স',
  Lifebuoy: 'লাইফবয়',
  Meril: 'মেরিল',
  Sandalina: 'স্যান্ডালিনা',
  Dove: 'ডাভ',
  Pepsodent: 'পেপসোডেন্ট',
  Closeup: 'ক্লোজআপ',
  Parachute: 'প্যারাসুট',
  Dettol: 'ডেটল',
} as const;
type Brand = keyof typeof BRANDS_BN;

/** The words of the pack sizes in Bangla ('1 kg' is '১ কেজি'). */
const SIZE_WORDS_BN: Record<string, string> = {
  g: 'গ্রাম',
  kg: 'কেজি',
  ml: 'মি.লি.',
  L: 'লিটার',
  pcs: 'পিস',
  pack: 'প্যাক',
  packs: 'প্যাক',
  small: 'ছোট',
  medium: 'মাঝারি',
  large: 'বড়',
  family: 'ফ্যামিলি',
};
const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const banglaDigits = (text: string) => text.replace(/\d/g, (digit) => BANGLA_DIGITS[Number(digit)]!);
const banglaSize = (label: string) =>
  label
    .split(' ')
    .map((word) => SIZE_WORDS_BN[word] ?? banglaDigits(word))
    .join(' ');

interface Shelf {
  category: string;
  items: Item[];
  brands: Brand[];
  sizes: Size[];
  /** what the description says of the pack, in English and in Bangla */
  blurb: string;
  blurb_bn: string;
}

const WEIGHTS: Size[] = [
  ['500 g', 1],
  ['1 kg', 1.9],
  ['2 kg', 3.7],
  ['5 kg', 9],
];
const SPICE_PACKS: Size[] = [
  ['50 g', 1],
  ['100 g', 1.9],
  ['200 g', 3.6],
  ['500 g', 8.5],
];
const FRESH_WEIGHTS: Size[] = [
  ['250 g', 1],
  ['500 g', 1.95],
  ['1 kg', 3.8],
  ['2 kg', 7.4],
];

const SHELVES: Shelf[] = [
  {
    category: 'Rice',
    items: [
      ['Miniket Rice', 'মিনিকেট চাল', 'cooked-rice', 84],
      ['Nazirshail Rice', 'নাজিরশাইল চাল', 'sheaf-of-rice', 92],
      ['Chinigura Aromatic Rice', 'চিনিগুড়া চাল', 'rice-ball', 165],
      ['BR-28 Rice', 'বিআর-২৮ চাল', 'sheaf-of-rice', 69],
      ['Kataribhog Rice', 'কাটারিভোগ চাল', 'cooked-rice', 110],
      ['Basmati Rice', 'বাসমতি চাল', 'rice-ball', 240],
      ['Atop Rice', 'আতপ চাল', 'sheaf-of-rice', 78],
      ['Kalijira Rice', 'কালিজিরা চাল', 'rice-cracker', 180],
    ],
    brands: ['Chashi', 'Pran', 'ACI Pure', 'Teer', 'Fresh', 'Rupchanda', 'Bashundhara', 'Ifad', 'Aarong', 'Deshi'],
    sizes: [
      ['1 kg', 1],
      ['2 kg', 1.95],
      ['5 kg', 4.8],
      ['10 kg', 9.4],
      ['25 kg', 23],
    ],
    blurb: 'sorted and cleaned, in a sealed bag',
    blurb_bn: 'বাছাই করে পরিষ্কার, সিল করা ব্যাগে',
  },
  {
    category: 'Dal & Lentils',
    items: [
      ['Deshi Masoor Dal', 'দেশি মসুর ডাল', 'beans', 78],
      ['Bold Masoor Dal', 'মোটা মসুর ডাল', 'beans', 58],
      ['Mug Dal', 'মুগ ডাল', 'steaming-bowl', 88],
      ['Mashkalai Dal', 'মাষকলাই ডাল', 'beans', 95],
      ['Chola Boot', 'ছোলা বুট', 'chestnut', 60],
      ['Khesari Dal', 'খেসারি ডাল', 'beans', 52],
      ['Anchor Dal', 'অ্যাংকর ডাল', 'steaming-bowl', 45],
      ['Motor Dal', 'মটর ডাল', 'beans', 50],
    ],
    brands: ['ACI Pure', 'Pran', 'Teer', 'Fresh', 'Chashi', 'Radhuni', 'Bashundhara', 'Deshi'],
    sizes: WEIGHTS,
    blurb: 'cleaned of stones and husk',
    blurb_bn: 'কাঁকর আর খোসা বেছে পরিষ্কার করা',
  },
  {
    category: 'Oil & Ghee',
    items: [
      ['Soybean Oil', 'সয়াবিন তেল', 'oil-drum', 190],
      ['Mustard Oil', 'সরিষার তেল', 'jar', 320],
      ['Rice Bran Oil', 'রাইস ব্রান তেল', 'oil-drum', 230],
      ['Sunflower Oil', 'সূর্যমুখী তেল', 'oil-drum', 350],
      ['Palm Olein', 'পাম তেল', 'oil-drum', 150],
      ['Olive Oil', 'জলপাই তেল', 'olive', 900],
      ['Cow Ghee', 'গাওয়া ঘি', 'butter', 1500],
    ],
    brands: ['Rupchanda', 'Teer', 'Fresh', 'Pusti', 'Bashundhara', 'Radhuni', 'Aarong', 'Pran'],
    sizes: [
      ['500 ml', 0.55],
      ['1 L', 1],
      ['2 L', 1.95],
      ['5 L', 4.8],
    ],
    blurb: 'bottled and sealed',
    blurb_bn: 'সিল করা বোতলে',
  },
  {
    category: 'Flour & Atta',
    items: [
      ['Atta', 'আটা', 'flatbread', 60],
      ['Maida', 'ময়দা', 'bread', 68],
      ['Suji', 'সুজি', 'bowl-with-spoon', 80],
      ['Rice Flour', 'চালের গুঁড়া', 'rice-cracker', 90],
      ['Besan', 'বেসন', 'bowl-with-spoon', 120],
      ['Corn Flour', 'কর্ন ফ্লাওয়ার', 'ear-of-corn', 140],
    ],
    brands: ['Teer', 'Fresh', 'Pran', 'Bashundhara', 'ACI Pure', 'Ifad', 'Rupchanda', 'Ruchi'],
    sizes: WEIGHTS,
    blurb: 'finely milled',
    blurb_bn: 'মিহি করে ভাঙানো',
  },
  {
    category: 'Spices',
    items: [
      ['Turmeric Powder', 'হলুদ গুঁড়া', 'ginger-root', 45],
      ['Chilli Powder', 'মরিচ গুঁড়া', 'hot-pepper', 55],
      ['Coriander Powder', 'ধনিয়া গুঁড়া', 'herb', 35],
      ['Cumin Powder', 'জিরা গুঁড়া', 'herb', 95],
      ['Garam Masala', 'গরম মসলা', 'herb', 90],
      ['Meat Curry Masala', 'মাংসের মসলা', 'cut-of-meat', 70],
      ['Biryani Masala', 'বিরিয়ানি মসলা', 'curry-rice', 75],
      ['Kala Bhuna Masala', 'কালা ভুনা মসলা', 'pot-of-food', 80],
      ['Fish Curry Masala', 'মাছের মসলা', 'fish', 60],
      ['Chotpoti Masala', 'চটপটি মসলা', 'bowl-with-spoon', 50],
      ['Panch Phoron', 'পাঁচফোড়ন', 'herb', 40],
      ['Black Pepper', 'গোলমরিচ', 'salt', 130],
    ],
    brands: ['Radhuni', 'Pran', 'ACI Pure', 'Fresh', 'Bashundhara', 'Arku', 'Ruchi', 'Shan'],
    sizes: SPICE_PACKS,
    blurb: 'ground from dried spices',
    blurb_bn: 'রোদে শুকানো মসলা গুঁড়া করে তৈরি',
  },
  {
    category: 'Salt & Sugar',
    items: [
      ['Iodised Salt', 'আয়োডিনযুক্ত লবণ', 'salt', 42],
      ['Rock Salt', 'বিট লবণ', 'salt', 90],
      ['White Sugar', 'চিনি', 'candy', 130],
      ['Brown Sugar', 'লাল চিনি', 'candy', 160],
      ['Date Palm Jaggery', 'খেজুর গুড়', 'honey-pot', 480],
      ['Sugarcane Jaggery', 'আখের গুড়', 'honey-pot', 200],
    ],
    brands: ['Molla', 'ACI', 'Confidence', 'Fresh', 'Teer', 'Pran', 'Deshbandhu'],
    sizes: [
      ['500 g', 0.55],
      ['1 kg', 1],
      ['2 kg', 1.95],
    ],
    blurb: 'packed dry',
    blurb_bn: 'শুকনো ও ঝরঝরে প্যাকে',
  },
  {
    category: 'Fish',
    items: [
      ['Hilsa Fish', 'ইলিশ মাছ', 'fish', 1600],
      ['Rui Fish', 'রুই মাছ', 'fish', 380],
      ['Katla Fish', 'কাতলা মাছ', 'fish', 400],
      ['Pangas Fish', 'পাঙ্গাস মাছ', 'tropical-fish', 210],
      ['Tilapia Fish', 'তেলাপিয়া মাছ', 'tropical-fish', 240],
      ['Koi Fish', 'কৈ মাছ', 'tropical-fish', 350],
      ['Shing Fish', 'শিং মাছ', 'fish', 550],
      ['Pabda Fish', 'পাবদা মাছ', 'fish', 600],
      ['Golda Prawn', 'গলদা চিংড়ি', 'shrimp', 1100],
      ['Bagda Prawn', 'বাগদা চিংড়ি', 'shrimp', 950],
      ['Rupchanda Fish', 'রূপচাঁদা মাছ', 'tropical-fish', 1200],
      ['Loitta Shutki', 'লইট্টা শুঁটকি', 'fish', 900],
    ],
    brands: ['Chandpur', 'Padma', 'Meghna', 'Sylhet Haor', "Cox's Bazar", 'Khulna', 'Rajshahi', 'Farm'],
    sizes: [
      ['500 g', 0.52],
      ['1 kg', 1],
      ['2 kg', 1.96],
    ],
    blurb: 'cleaned and cut on the day of delivery',
    blurb_bn: 'ডেলিভারির দিনই কেটে পরিষ্কার করে দেওয়া হয়',
  },
  {
    category: 'Meat & Poultry',
    items: [
      ['Broiler Chicken', 'ব্রয়লার মুরগি', 'poultry-leg', 195],
      ['Deshi Chicken', 'দেশি মুরগি', 'rooster', 560],
      ['Sonali Chicken', 'সোনালি মুরগি', 'rooster', 320],
      ['Chicken Breast', 'মুরগির বুকের মাংস', 'poultry-leg', 420],
      ['Beef Bone-in', 'হাড়সহ গরুর মাংস', 'cut-of-meat', 790],
      ['Boneless Beef', 'হাড় ছাড়া গরুর মাংস', 'cut-of-meat', 950],
      ['Beef Keema', 'গরুর কিমা', 'cut-of-meat', 850],
      ['Khasi Mutton', 'খাসির মাংস', 'cut-of-meat', 1150],
      ['Duck', 'হাঁস', 'poultry-leg', 650],
    ],
    brands: ['Bengal Meat', 'Kazi Farms', 'Paragon', 'Aftab', 'Fresh Cut', 'Deshi'],
    sizes: [
      ['500 g', 0.52],
      ['1 kg', 1],
      ['2 kg', 1.96],
    ],
    blurb: 'halal, kept chilled',
    blurb_bn: 'হালাল, ঠান্ডায় রাখা',
  },
  {
    category: 'Eggs',
    items: [
      ['Brown Farm Eggs', 'লাল ফার্মের ডিম', 'egg', 13],
      ['White Farm Eggs', 'সাদা ফার্মের ডিম', 'egg', 12],
      ['Deshi Eggs', 'দেশি মুরগির ডিম', 'nest-with-eggs', 20],
      ['Duck Eggs', 'হাঁসের ডিম', 'nest-with-eggs', 22],
      ['Quail Eggs', 'কোয়েল পাখির ডিম', 'nest-with-eggs', 4],
    ],
    brands: ['Kazi Farms', 'Paragon', 'Aftab', 'Deshi', 'Fresh', 'CP', 'Nourish', 'Quality'],
    sizes: [
      ['4 pcs', 4],
      ['6 pcs', 6],
      ['12 pcs', 11.8],
      ['30 pcs', 29],
    ],
    blurb: 'checked one by one',
    blurb_bn: 'প্রতিটি ডিম আলাদা করে দেখে নেওয়া',
  },
  {
    category: 'Vegetables',
    items: [
      ['Potato', 'আলু', 'potato', 12],
      ['Deshi Onion', 'দেশি পেঁয়াজ', 'onion', 22],
      ['Garlic', 'রসুন', 'garlic', 55],
      ['Ginger', 'আদা', 'ginger-root', 60],
      ['Green Chilli', 'কাঁচা মরিচ', 'hot-pepper', 30],
      ['Tomato', 'টমেটো', 'tomato', 25],
      ['Brinjal', 'বেগুন', 'eggplant', 20],
      ['Pointed Gourd', 'পটল', 'cucumber', 18],
      ['Bitter Gourd', 'করলা', 'cucumber', 22],
      ['Okra', 'ঢেঁড়স', 'leafy-green', 18],
      ['Carrot', 'গাজর', 'carrot', 20],
      ['Cucumber', 'শসা', 'cucumber', 15],
      ['Green Papaya', 'কাঁচা পেঁপে', 'leafy-green', 10],
      ['Cauliflower', 'ফুলকপি', 'broccoli', 15],
      ['Spinach', 'পালং শাক', 'leafy-green', 12],
      ['Pumpkin', 'মিষ্টি কুমড়া', 'roasted-sweet-potato', 12],
      ['Radish', 'মুলা', 'carrot', 10],
      ['Red Amaranth', 'লাল শাক', 'leafy-green', 10],
    ],
    brands: ['Deshi', 'Farm Fresh', 'Organic', 'Bogura', 'Jashore', 'Rangpur'],
    sizes: FRESH_WEIGHTS,
    blurb: 'picked this week and washed',
    blurb_bn: 'এই সপ্তাহে তোলা, ধুয়ে পরিষ্কার করা',
  },
  {
    category: 'Fruits',
    items: [
      ['Fazli Mango', 'ফজলি আম', 'mango', 40],
      ['Himsagar Mango', 'হিমসাগর আম', 'mango', 45],
      ['Langra Mango', 'ল্যাংড়া আম', 'mango', 42],
      ['Sagor Banana', 'সাগর কলা', 'banana', 30],
      ['Guava', 'পেয়ারা', 'pear', 28],
      ['Ripe Papaya', 'পাকা পেঁপে', 'mango', 25],
      ['Pineapple', 'আনারস', 'pineapple', 35],
      ['Watermelon', 'তরমুজ', 'watermelon', 15],
      ['Litchi', 'লিচু', 'cherries', 80],
      ['Malta', 'মাল্টা', 'tangerine', 60],
      ['Green Apple', 'সবুজ আপেল', 'green-apple', 75],
      ['Red Grapes', 'লাল আঙুর', 'grapes', 110],
      ['Dates', 'খেজুর', 'chestnut', 150],
      ['Jackfruit', 'কাঁঠাল', 'melon', 20],
      ['Pomegranate', 'ডালিম', 'red-apple', 95],
    ],
    brands: ['Rajshahi', 'Chapainawabganj', 'Dinajpur', 'Satkhira', 'Farm Fresh', 'Imported'],
    sizes: FRESH_WEIGHTS,
    blurb: 'ripe and hand-picked',
    blurb_bn: 'পাকা, হাতে বাছাই করা',
  },
  {
    category: 'Milk & Dairy',
    items: [
      ['Liquid Milk', 'তরল দুধ', 'glass-of-milk', 45],
      ['Full Cream Milk Powder', 'ফুল ক্রিম গুঁড়া দুধ', 'canned-food', 230],
      ['Sweet Yogurt', 'মিষ্টি দই', 'bowl-with-spoon', 60],
      ['Sour Yogurt', 'টক দই', 'bowl-with-spoon', 50],
      ['Butter', 'মাখন', 'butter', 140],
      ['Cheddar Cheese', 'চেডার চিজ', 'cheese-wedge', 260],
      ['Condensed Milk', 'কনডেন্সড মিল্ক', 'canned-food', 110],
      ['Lassi', 'লাচ্ছি', 'cup-with-straw', 40],
    ],
    brands: ['Milk Vita', 'Aarong Dairy', 'Pran Dairy', 'Farm Fresh', 'Igloo', 'Dano', 'Diploma', 'Marks', 'Starship', 'Akij'],
    sizes: [
      ['250 g', 1],
      ['500 g', 1.9],
      ['1 kg', 3.7],
    ],
    blurb: 'kept cold from the dairy to your door',
    blurb_bn: 'খামার থেকে আপনার দরজা পর্যন্ত ঠান্ডায় রাখা',
  },
  {
    category: 'Tea & Coffee',
    items: [
      ['Black Tea', 'কালো চা', 'teacup-without-handle', 55],
      ['Premium Leaf Tea', 'প্রিমিয়াম পাতা চা', 'hot-beverage', 70],
      ['Green Tea', 'গ্রিন টি', 'teacup-without-handle', 90],
      ['Tea Bags', 'টি ব্যাগ', 'teapot', 65],
      ['Instant Coffee', 'ইনস্ট্যান্ট কফি', 'hot-beverage', 180],
      ['Coffee Mix', 'কফি মিক্স', 'hot-beverage', 120],
    ],
    brands: ['Ispahani Mirzapore', 'Seylon', 'Tetley', 'Kazi & Kazi', 'Finlay', 'Taaza', 'Nescafé', 'Halda Valley'],
    sizes: [
      ['50 g', 1],
      ['100 g', 1.9],
      ['200 g', 3.7],
      ['400 g', 7.2],
    ],
    blurb: 'from the gardens of Sylhet and Chattogram',
    blurb_bn: 'সিলেট ও চট্টগ্রামের বাগানের',
  },
  {
    category: 'Snacks & Biscuits',
    items: [
      ['Chanachur', 'চানাচুর', 'peanuts', 25],
      ['Potato Crackers', 'আলুর চিপস', 'potato', 20],
      ['Butter Cookies', 'বাটার কুকিজ', 'cookie', 30],
      ['Cream Biscuits', 'ক্রিম বিস্কুট', 'cookie', 20],
      ['Dry Cake', 'ড্রাই কেক', 'shortcake', 35],
      ['Toast Biscuits', 'টোস্ট বিস্কুট', 'bread', 25],
      ['Muri', 'মুড়ি', 'rice-cracker', 18],
      ['Chira', 'চিড়া', 'rice-cracker', 20],
      ['Popcorn', 'পপকর্ন', 'popcorn', 22],
      ['Cashew Nuts', 'কাজু বাদাম', 'peanuts', 120],
    ],
    brands: [
      'Pran',
      'Bombay Sweets',
      'Olympic',
      'Danish',
      'Haque',
      'Nabisco',
      'Bisk Club',
      'Cocola',
      'Kishwan',
      'Romania',
      'Ruchi',
      'Fresh',
    ],
    sizes: [
      ['75 g', 1],
      ['150 g', 1.9],
      ['300 g', 3.6],
    ],
    blurb: 'crisp, in a sealed pack',
    blurb_bn: 'মচমচে, সিল করা প্যাকে',
  },
  {
    category: 'Noodles & Pasta',
    items: [
      ['Chicken Instant Noodles', 'চিকেন নুডলস', 'steaming-bowl', 22],
      ['Masala Instant Noodles', 'মসলা নুডলস', 'steaming-bowl', 20],
      ['Macaroni', 'ম্যাকারনি', 'spaghetti', 45],
      ['Spaghetti', 'স্প্যাগেটি', 'spaghetti', 60],
      ['Vermicelli', 'সেমাই', 'spaghetti', 35],
      ['Lachha Shemai', 'লাচ্ছা সেমাই', 'spaghetti', 55],
    ],
    brands: ['Mr. Noodles', 'Maggi', 'Cocola', 'Knorr', 'Pran', 'Doodles', 'Ifad', 'Bashundhara', 'Banoful'],
    sizes: [
      ['1 pack', 1],
      ['4 packs', 3.9],
      ['8 packs', 7.6],
      ['12 packs', 11],
    ],
    blurb: 'quick to cook',
    blurb_bn: 'ঝটপট রান্না হয়',
  },
  {
    category: 'Drinks',
    items: [
      ['Mineral Water', 'মিনারেল ওয়াটার', 'cup-with-straw', 20],
      ['Mango Juice', 'আমের জুস', 'beverage-box', 30],
      ['Litchi Drink', 'লিচু ড্রিংক', 'beverage-box', 30],
      ['Orange Drink Powder', 'অরেঞ্জ ড্রিংক পাউডার', 'tangerine', 90],
      ['Cola', 'কোলা', 'cup-with-straw', 35],
      ['Lemon Soda', 'লেমন সোডা', 'lemon', 35],
      ['Energy Drink', 'এনার্জি ড্রিংক', 'cup-with-straw', 40],
      ['Green Mango Drink', 'কাঁচা আমের ড্রিংক', 'beverage-box', 30],
      ['Chocolate Milk', 'চকলেট মিল্ক', 'glass-of-milk', 40],
    ],
    brands: ['Mum', 'Kinley', 'Aquafina', 'Pran Frooto', 'Mojo', 'Clemon', 'Speed', 'Tang', 'Shezan', 'Akij'],
    sizes: [
      ['250 ml', 1],
      ['500 ml', 1.7],
      ['1 L', 3],
      ['2 L', 5.6],
    ],
    blurb: 'best served cold',
    blurb_bn: 'ঠান্ডা করে খেলে সবচেয়ে ভালো',
  },
  {
    category: 'Sauces & Pickles',
    items: [
      ['Tomato Ketchup', 'টমেটো সস', 'tomato', 140],
      ['Chilli Sauce', 'চিলি সস', 'hot-pepper', 150],
      ['Mango Pickle', 'আমের আচার', 'jar', 160],
      ['Olive Pickle', 'জলপাইয়ের আচার', 'olive', 170],
      ['Mixed Pickle', 'মিক্সড আচার', 'jar', 165],
      ['Kasundi', 'কাসুন্দি', 'jar', 120],
      ['Sundarbans Honey', 'সুন্দরবনের মধু', 'honey-pot', 450],
    ],
    brands: ['Pran', 'Ahmed', 'Radhuni', 'Ruchi', 'Bombay', 'Sajeeb', 'Fresh'],
    sizes: [
      ['200 g', 1],
      ['400 g', 1.85],
      ['1 kg', 4.3],
    ],
    blurb: 'in a glass jar',
    blurb_bn: 'কাচের বয়ামে',
  },
  {
    category: 'Cleaning',
    items: [
      ['Dishwashing Bar', 'ডিশওয়াশ বার', 'soap', 30],
      ['Dishwashing Liquid', 'ডিশওয়াশ লিকুইড', 'lotion-bottle', 95],
      ['Detergent Powder', 'ডিটারজেন্ট পাউডার', 'basket', 120],
      ['Floor Cleaner', 'ফ্লোর ক্লিনার', 'bucket', 160],
      ['Toilet Cleaner', 'টয়লেট ক্লিনার', 'toilet', 140],
      ['Laundry Soap', 'কাপড় কাচার সাবান', 'soap', 35],
      ['Glass Cleaner', 'গ্লাস ক্লিনার', 'sponge', 150],
    ],
    brands: ['Vim', 'Wheel', 'Rin', 'Surf Excel', 'Chaka', 'Jet', 'Harpic', 'Lizol', 'Keya', 'Savlon'],
    sizes: [
      ['small', 1],
      ['medium', 1.9],
      ['large', 3.6],
      ['family pack', 6.8],
    ],
    blurb: 'for a clean home',
    blurb_bn: 'ঝকঝকে পরিষ্কার ঘরের জন্য',
  },
  {
    category: 'Personal Care',
    items: [
      ['Beauty Soap', 'সাবান', 'soap', 55],
      ['Shampoo', 'শ্যাম্পু', 'lotion-bottle', 180],
      ['Toothpaste', 'টুথপেস্ট', 'toothbrush', 110],
      ['Coconut Oil', 'নারিকেল তেল', 'coconut', 120],
      ['Face Wash', 'ফেসওয়াশ', 'lotion-bottle', 220],
      ['Hand Wash', 'হ্যান্ডওয়াশ', 'soap', 95],
      ['Petroleum Jelly', 'পেট্রোলিয়াম জেলি', 'jar', 85],
    ],
    brands: ['Lux', 'Lifebuoy', 'Meril', 'Keya', 'Sandalina', 'Dove', 'Pepsodent', 'Closeup', 'Parachute', 'Dettol'],
    sizes: [
      ['small', 1],
      ['medium', 1.8],
      ['large', 3.3],
      ['family pack', 5.8],
    ],
    blurb: 'for every day',
    blurb_bn: 'প্রতিদিনের ব্যবহারের জন্য',
  },
];

/** One product of the generated catalog, as the seed inserts it. */
export interface GeneratedProduct {
  _id: mongoose.Types.ObjectId;
  name: string;
  category: string;
  /** paisa */
  pricePaisa: number;
  quantity: number;
  /** units ordered so far: how popular it is */
  sold: number;
  description: string;
  name_bn: string;
  description_bn: string;
  emoji: string;
}

/** A small seeded random number generator (mulberry32): the same seed, the same numbers. */
function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every brand, item and size of a shelf, in an order shuffled once with the shelf's own seed. */
function shelfLines(shelf: Shelf): [brand: Brand, item: Item, size: Size][] {
  const lines = shelf.brands.flatMap((brand) => shelf.items.flatMap((item) => shelf.sizes.map((size) => [brand, item, size] as const)));
  const random = randomFrom(shelf.category);
  for (let at = lines.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [lines[at], lines[other]] = [lines[other]!, lines[at]!];
  }
  return lines.map(([brand, item, size]) => [brand, item, size]);
}

/** `count` products, taken from the shelves in turn (a shelf with fewer lines runs out first, as a
 *  small shelf would); past every distinct line, packs of two, three, … follow. `batch` names the
 *  set: its products' ids derive from it, so seeding a batch again adds nothing and a batch can be
 *  removed by its ids alone. */
export function generatedProducts(count: number, batch: string): GeneratedProduct[] {
  const lines = SHELVES.map(shelfLines);
  const longest = Math.max(...lines.map((shelf) => shelf.length));
  const turns = Array.from({ length: longest }, (_, round) =>
    SHELVES.flatMap((_, shelfAt) => (round < lines[shelfAt]!.length ? [[shelfAt, round] as const] : [])),
  ).flat();
  const products: GeneratedProduct[] = [];
  const random = randomFrom(`${batch}:stock`);
  for (let index = 0; products.length < count; index++) {
    const [shelfAt, lineAt] = turns[index % turns.length]!;
    const shelf = SHELVES[shelfAt]!;
    const [brand, [item, bangla, emoji, taka], [size, times]] = lines[shelfAt]![lineAt]!;
    const packs = Math.floor(index / turns.length) + 1;
    const packed = packs === 1 ? '' : ` (pack of ${packs})`;
    const packedBn = packs === 1 ? '' : ` (${banglaDigits(String(packs))}টির প্যাক)`;
    const brandBn = BRANDS_BN[brand];
    const sizeBn = banglaSize(size);
    // a brand's price sits within 12% either side of the shelf's, rounded to whole taka
    const price = Math.max(1, Math.round(taka * times * packs * (0.88 + random() * 0.24)));
    products.push({
      _id: derivedObjectId('generated product', batch, String(products.length)),
      name: `${brand} ${item} ${size}${packed}`,
      category: shelf.category,
      pricePaisa: price * 100,
      quantity: 5 + Math.floor(random() * 300),
      // a few products sell far more than the rest
      sold: Math.floor(random() ** 4 * 5000),
      description: `${item} (${bangla}) from ${brand}, ${size}${packed}: ${shelf.blurb}.`,
      name_bn: `${brandBn} ${bangla} ${sizeBn}${packedBn}`,
      description_bn: `${brandBn} ${bangla}, ${sizeBn}${packedBn}: ${shelf.blurb_bn}।`,
      emoji,
    });
  }
  return products;
}
