import { BD_DISTRICTS, bdDistrict, isBdArea } from './bd-areas';
import { DeliveryAddress } from './delivery';

// Bangladesh has 495 upazilas (since 2021); the list adds the thanas of the cities with a metropolitan
// police, which stay under 150 however the police redraw them.
const UPAZILAS = 495;
const CITY_THANAS_AT_MOST = 150;
/** The districts whose city has a metropolitan police: their thanas come before the upazilas. */
const CITIES = ['Dhaka', 'Chattogram', 'Khulna', 'Rajshahi', 'Sylhet', 'Barishal', 'Rangpur', 'Gazipur'];
/** Bangla letters and signs, words apart by one space. */
const BANGLA = /^[\u0980-\u09FF\u200C\u200D]+(?: [\u0980-\u09FF\u200C\u200D]+)*$/;
const LATIN = /^[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*$/;

it('lists the 64 districts, each with at least 3 areas', () => {
  expect(BD_DISTRICTS).toHaveLength(64);
  const few = BD_DISTRICTS.filter((district) => district.areas.length < 3).map((district) => district.en);
  expect(few).toEqual([]);
});

it("lists every upazila and the cities' thanas, and no more", () => {
  const areas = BD_DISTRICTS.reduce((sum, district) => sum + district.areas.length, 0);
  expect(areas).toBeGreaterThanOrEqual(UPAZILAS);
  expect(areas).toBeLessThanOrEqual(UPAZILAS + CITY_THANAS_AT_MOST);
});

it('names each area of a district once, in English and in Bangla', () => {
  for (const district of BD_DISTRICTS) {
    const twice = (names: string[]) => names.filter((name, at) => names.indexOf(name) !== at);
    expect({ district: district.en, en: twice(district.areas.map((area) => area.en)) }).toEqual({ district: district.en, en: [] });
    expect({ district: district.en, bn: twice(district.areas.map((area) => area.bn)) }).toEqual({ district: district.en, bn: [] });
  }
  expect(new Set(BD_DISTRICTS.map((district) => district.en)).size).toBe(64);
});

it('writes every name in its script: English in Latin letters, Bangla in Bangla, composed as typed (NFC)', () => {
  const places = [...BD_DISTRICTS, ...BD_DISTRICTS.flatMap((district) => district.areas)];
  expect(places.filter((place) => !LATIN.test(place.en)).map((place) => place.en)).toEqual([]);
  expect(places.filter((place) => !BANGLA.test(place.bn)).map((place) => place.bn)).toEqual([]);
  expect(places.filter((place) => place.bn !== place.bn.normalize('NFC')).map((place) => place.en)).toEqual([]);
});

it("keeps each district's areas in alphabetical order, a city's thanas before the upazilas", () => {
  for (const district of BD_DISTRICTS) {
    const names = district.areas.map((area) => area.en);
    const restarts = names.filter((name, at) => at > 0 && names[at - 1]!.localeCompare(name, 'en') > 0).length;
    expect({ district: district.en, restarts }).toEqual({
      district: district.en,
      restarts: CITIES.includes(district.en) ? 1 : 0,
    });
  }
});

it('still lists the district headquarters addresses were saved with before the upazilas were', () => {
  const missing = BD_DISTRICTS.filter((district) => district.en !== 'Dhaka' && !isBdArea(district.en, `${district.en} Sadar`));
  expect(missing.map((district) => district.en)).toEqual([]);
});

it("lists Chattogram city's metropolitan thanas and the district's upazilas", () => {
  const chattogram = bdDistrict('Chattogram')!.areas.map((area) => area.en);
  const thanas = ['Akbar Shah', 'Bakalia', 'Bandar', 'Bayazid Bostami', 'Chandgaon', 'Chawkbazar', 'Double Mooring', 'EPZ'];
  const more = ['Halishahar', 'Karnaphuli', 'Khulshi', 'Kotwali', 'Pahartali', 'Panchlaish', 'Patenga', 'Sadarghat'];
  expect(chattogram).toEqual(expect.arrayContaining([...thanas, ...more, 'Patiya', 'Sitakunda', 'Hathazari', 'Sandwip']));
  expect(bdDistrict('Chattogram')!.areas.find((area) => area.en === 'Patiya')).toEqual({ en: 'Patiya', bn: 'পটিয়া' });
});

it.each([
  ['Khulna', ['Sonadanga', 'Khalishpur', 'Daulatpur', 'Khan Jahan Ali', 'Labanchara', 'Khulna Sadar']],
  ['Rajshahi', ['Boalia', 'Rajpara', 'Motihar', 'Shah Makhdum', 'Kashiadanga', 'Paba', 'Rajshahi Sadar']],
  ['Sylhet', ['Kotwali', 'Jalalabad', 'Shah Poran', 'Moglabazar', 'Airport', 'Dakshin Surma']],
  ['Barishal', ['Kotwali', 'Kawnia', 'Bandar', 'Airport']],
  ['Rangpur', ['Kotwali', 'Tajhat', 'Mahiganj', 'Haragachh']],
  ['Gazipur', ['Tongi East', 'Tongi West', 'Gachha', 'Konabari', 'Kashimpur', 'Gazipur Sadar']],
])("lists %s city's metropolitan thanas, and the district's upazilas", (district, thanas) => {
  const areas = bdDistrict(district)!.areas.map((area) => area.en);
  expect(areas).toEqual(expect.arrayContaining([...thanas, `${district} Sadar`]));
});

it('names a city thana in Bangla, and takes an address by it', () => {
  expect(bdDistrict('Khulna')!.areas.find((area) => area.en === 'Sonadanga')).toEqual({ en: 'Sonadanga', bn: 'সোনাডাঙ্গা' });
  expect(bdDistrict('Sylhet')!.areas.find((area) => area.en === 'Shah Poran')).toEqual({ en: 'Shah Poran', bn: 'শাহপরান' });
  const address = { district: 'Rajshahi', area: 'Boalia', road: 'House 12, Shaheb Bazar Road', phone: '01712345678' };
  expect(DeliveryAddress.safeParse(address).success).toBe(true);
  expect(DeliveryAddress.safeParse({ ...address, district: 'Khulna' }).success).toBe(false);
});

it('takes an address in a district outside Dhaka by its upazila, and refuses one of another district', () => {
  const address = { district: 'Chattogram', area: 'Patiya', road: 'House 4, Thana Road', phone: '01812345678' };
  expect(DeliveryAddress.safeParse(address).success).toBe(true);
  expect(DeliveryAddress.safeParse({ ...address, district: 'Sylhet', area: 'Companiganj' }).success).toBe(true);
  expect(DeliveryAddress.safeParse({ ...address, district: 'Noakhali', area: 'Companiganj' }).success).toBe(true);
  const elsewhere = DeliveryAddress.safeParse({ ...address, district: 'Sylhet' });
  expect(elsewhere.success).toBe(false);
  expect(elsewhere.error?.issues.map((issue) => issue.path)).toEqual([['area']]);
});
