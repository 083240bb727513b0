/**
 * Where the store delivers: Bangladesh's 64 districts, each with the areas an address may name.
 * Dhaka district lists its metropolitan thanas and its upazilas; every other district lists its
 * headquarters (Sadar) for now. Plain data, no zod: the checkout's page reads it too (CSP forbids
 * the eval zod compiles with, and the page budget is tight). An address stores the English names;
 * a screen shows `bn` in Bangla.
 */

export interface BdPlace {
  /** the name an address stores and the API takes */
  en: string;
  bn: string;
}

export interface BdDistrict extends BdPlace {
  areas: readonly BdPlace[];
}

const DHAKA_AREAS: readonly BdPlace[] = [
  { en: 'Adabor', bn: 'আদাবর' },
  { en: 'Badda', bn: 'বাড্ডা' },
  { en: 'Banani', bn: 'বনানী' },
  { en: 'Bangshal', bn: 'বংশাল' },
  { en: 'Bhashantek', bn: 'ভাষানটেক' },
  { en: 'Bhatara', bn: 'ভাটারা' },
  { en: 'Bimanbandar', bn: 'বিমানবন্দর' },
  { en: 'Cantonment', bn: 'ক্যান্টনমেন্ট' },
  { en: 'Chawkbazar', bn: 'চকবাজার' },
  { en: 'Dakshinkhan', bn: 'দক্ষিণখান' },
  { en: 'Darus Salam', bn: 'দারুস সালাম' },
  { en: 'Demra', bn: 'ডেমরা' },
  { en: 'Dhanmondi', bn: 'ধানমন্ডি' },
  { en: 'Gendaria', bn: 'গেন্ডারিয়া' },
  { en: 'Gulshan', bn: 'গুলশান' },
  { en: 'Hatirjheel', bn: 'হাতিরঝিল' },
  { en: 'Hazaribagh', bn: 'হাজারীবাগ' },
  { en: 'Jatrabari', bn: 'যাত্রাবাড়ী' },
  { en: 'Kadamtali', bn: 'কদমতলী' },
  { en: 'Kafrul', bn: 'কাফরুল' },
  { en: 'Kalabagan', bn: 'কলাবাগান' },
  { en: 'Kamrangirchar', bn: 'কামরাঙ্গীরচর' },
  { en: 'Khilgaon', bn: 'খিলগাঁও' },
  { en: 'Khilkhet', bn: 'খিলক্ষেত' },
  { en: 'Kotwali', bn: 'কোতোয়ালী' },
  { en: 'Lalbagh', bn: 'লালবাগ' },
  { en: 'Mirpur', bn: 'মিরপুর' },
  { en: 'Mohammadpur', bn: 'মোহাম্মদপুর' },
  { en: 'Motijheel', bn: 'মতিঝিল' },
  { en: 'Mugda', bn: 'মুগদা' },
  { en: 'New Market', bn: 'নিউ মার্কেট' },
  { en: 'Pallabi', bn: 'পল্লবী' },
  { en: 'Paltan', bn: 'পল্টন' },
  { en: 'Ramna', bn: 'রমনা' },
  { en: 'Rampura', bn: 'রামপুরা' },
  { en: 'Rupnagar', bn: 'রূপনগর' },
  { en: 'Sabujbagh', bn: 'সবুজবাগ' },
  { en: 'Shah Ali', bn: 'শাহ আলী' },
  { en: 'Shahbagh', bn: 'শাহবাগ' },
  { en: 'Shahjahanpur', bn: 'শাহজাহানপুর' },
  { en: 'Sher-e-Bangla Nagar', bn: 'শেরেবাংলা নগর' },
  { en: 'Shyampur', bn: 'শ্যামপুর' },
  { en: 'Sutrapur', bn: 'সূত্রাপুর' },
  { en: 'Tejgaon', bn: 'তেজগাঁও' },
  { en: 'Tejgaon Industrial Area', bn: 'তেজগাঁও শিল্পাঞ্চল' },
  { en: 'Turag', bn: 'তুরাগ' },
  { en: 'Uttara East', bn: 'উত্তরা পূর্ব' },
  { en: 'Uttara West', bn: 'উত্তরা পশ্চিম' },
  { en: 'Uttarkhan', bn: 'উত্তরখান' },
  { en: 'Wari', bn: 'ওয়ারী' },
  { en: 'Dhamrai', bn: 'ধামরাই' },
  { en: 'Dohar', bn: 'দোহার' },
  { en: 'Keraniganj', bn: 'কেরানীগঞ্জ' },
  { en: 'Nawabganj', bn: 'নবাবগঞ্জ' },
  { en: 'Savar', bn: 'সাভার' },
];

/** A district delivered to at its headquarters only. */
const sadar = (en: string, bn: string): BdDistrict => ({ en, bn, areas: [{ en: `${en} Sadar`, bn: `${bn} সদর` }] });

/** Dhaka first (most orders), then the others by division, alphabetically within it. */
export const BD_DISTRICTS: readonly BdDistrict[] = [
  { en: 'Dhaka', bn: 'ঢাকা', areas: DHAKA_AREAS },
  // Dhaka division
  sadar('Faridpur', 'ফরিদপুর'),
  sadar('Gazipur', 'গাজীপুর'),
  sadar('Gopalganj', 'গোপালগঞ্জ'),
  sadar('Kishoreganj', 'কিশোরগঞ্জ'),
  sadar('Madaripur', 'মাদারীপুর'),
  sadar('Manikganj', 'মানিকগঞ্জ'),
  sadar('Munshiganj', 'মুন্সীগঞ্জ'),
  sadar('Narayanganj', 'নারায়ণগঞ্জ'),
  sadar('Narsingdi', 'নরসিংদী'),
  sadar('Rajbari', 'রাজবাড়ী'),
  sadar('Shariatpur', 'শরীয়তপুর'),
  sadar('Tangail', 'টাঙ্গাইল'),
  // Chattogram division
  sadar('Bandarban', 'বান্দরবান'),
  sadar('Brahmanbaria', 'ব্রাহ্মণবাড়িয়া'),
  sadar('Chandpur', 'চাঁদপুর'),
  sadar('Chattogram', 'চট্টগ্রাম'),
  sadar("Cox's Bazar", 'কক্সবাজার'),
  sadar('Cumilla', 'কুমিল্লা'),
  sadar('Feni', 'ফেনী'),
  sadar('Khagrachhari', 'খাগড়াছড়ি'),
  sadar('Lakshmipur', 'লক্ষ্মীপুর'),
  sadar('Noakhali', 'নোয়াখালী'),
  sadar('Rangamati', 'রাঙ্গামাটি'),
  // Rajshahi division
  sadar('Bogura', 'বগুড়া'),
  sadar('Chapai Nawabganj', 'চাঁপাইনবাবগঞ্জ'),
  sadar('Joypurhat', 'জয়পুরহাট'),
  sadar('Naogaon', 'নওগাঁ'),
  sadar('Natore', 'নাটোর'),
  sadar('Pabna', 'পাবনা'),
  sadar('Rajshahi', 'রাজশাহী'),
  sadar('Sirajganj', 'সিরাজগঞ্জ'),
  // Khulna division
  sadar('Bagerhat', 'বাগেরহাট'),
  sadar('Chuadanga', 'চুয়াডাঙ্গা'),
  sadar('Jashore', 'যশোর'),
  sadar('Jhenaidah', 'ঝিনাইদহ'),
  sadar('Khulna', 'খুলনা'),
  sadar('Kushtia', 'কুষ্টিয়া'),
  sadar('Magura', 'মাগুরা'),
  sadar('Meherpur', 'মেহেরপুর'),
  sadar('Narail', 'নড়াইল'),
  sadar('Satkhira', 'সাতক্ষীরা'),
  // Barishal division
  sadar('Barguna', 'বরগুনা'),
  sadar('Barishal', 'বরিশাল'),
  sadar('Bhola', 'ভোলা'),
  sadar('Jhalokati', 'ঝালকাঠি'),
  sadar('Patuakhali', 'পটুয়াখালী'),
  sadar('Pirojpur', 'পিরোজপুর'),
  // Sylhet division
  sadar('Habiganj', 'হবিগঞ্জ'),
  sadar('Moulvibazar', 'মৌলভীবাজার'),
  sadar('Sunamganj', 'সুনামগঞ্জ'),
  sadar('Sylhet', 'সিলেট'),
  // Rangpur division
  sadar('Dinajpur', 'দিনাজপুর'),
  sadar('Gaibandha', 'গাইবান্ধা'),
  sadar('Kurigram', 'কুড়িগ্রাম'),
  sadar('Lalmonirhat', 'লালমনিরহাট'),
  sadar('Nilphamari', 'নীলফামারী'),
  sadar('Panchagarh', 'পঞ্চগড়'),
  sadar('Rangpur', 'রংপুর'),
  sadar('Thakurgaon', 'ঠাকুরগাঁও'),
  // Mymensingh division
  sadar('Jamalpur', 'জামালপুর'),
  sadar('Mymensingh', 'ময়মনসিংহ'),
  sadar('Netrokona', 'নেত্রকোণা'),
  sadar('Sherpur', 'শেরপুর'),
];

/** The district with this (English) name, if the store delivers there. */
export const bdDistrict = (name: string): BdDistrict | undefined => BD_DISTRICTS.find((district) => district.en === name);

/** Whether `area` is one of `district`'s areas. */
export const isBdArea = (district: string, area: string): boolean =>
  bdDistrict(district)?.areas.some((place) => place.en === area) ?? false;
