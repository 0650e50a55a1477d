// The Singpass stand-in's test personas: Myinfo data as Singpass's userinfo gives it under
// `person_info` (items `{ value }`, coded ones `{ code, desc }`). S9812379B is MockPass's persona of the
// same name, with every field the enrolment form shows; F1612347K holds a FIN; T0312456D has no
// e-mail, mobile, address or country of birth.

const item = (value) => ({ value, source: "1", classification: "C", lastupdated: "2026-01-15" });
const coded = (code, desc) => ({ code, desc, source: "1", classification: "C" });
const mobile = (areacode, nbr) => ({
  prefix: { value: "+" },
  areacode: { value: areacode },
  nbr: { value: nbr },
  source: "4",
  classification: "C",
});

export const personas = [
  {
    uuid: "b0a2c7e4-5f1d-4c3e-9a7b-2f6e1d8c9a01",
    label: "S9812379B — every field",
    person: {
      uinfin: item("S9812379B"),
      name: item("LIM YONG XIANG"),
      sex: coded("M", "MALE"),
      race: coded("CN", "CHINESE"),
      nationality: coded("VG", "BRITISH OVERSEAS TERRITORIES CITIZEN"),
      dob: item("1980-10-06"),
      birthcountry: coded("VG", "BRITISH VIRGIN ISLANDS"),
      email: item("myinfotesting@gmail.com"),
      mobileno: mobile("65", "97399245"),
      regadd: {
        type: "SG",
        country: coded("SG", "SINGAPORE"),
        unit: { value: "22" },
        street: { value: "LORONG 1 TOA PAYOH" },
        block: { value: "123" },
        postal: { value: "310123" },
        floor: { value: "12" },
        building: { value: "TOA PAYOH VIEW" },
        source: "1",
        classification: "C",
      },
    },
  },
  {
    uuid: "4d9e6b1a-0c2f-4e8b-8d3a-7b5c9e2f1a02",
    label: "F1612347K — FIN holder",
    person: {
      uinfin: item("F1612347K"),
      name: item("SITI NURHALIZA BINTI AHMAD"),
      sex: coded("F", "FEMALE"),
      race: coded("MY", "MALAY"),
      nationality: coded("MY", "MALAYSIAN"),
      dob: item("1990-03-14"),
      birthcountry: coded("MY", "MALAYSIA"),
      email: item("siti.ahmad@example.sg"),
      mobileno: mobile("65", "81234567"),
      regadd: {
        type: "SG",
        country: coded("SG", "SINGAPORE"),
        unit: { value: "05" },
        street: { value: "SIMEI STREET 1" },
        block: { value: "106" },
        postal: { value: "520106" },
        floor: { value: "09" },
        building: { value: "" },
        source: "1",
        classification: "C",
      },
    },
  },
  {
    uuid: "9f3b2a7c-6e1d-4b5a-a8c9-1e2d3f4a5b03",
    label: "T0312456D — optional fields missing",
    person: {
      uinfin: item("T0312456D"),
      name: item("NUR AISYAH BINTE ISMAIL"),
      sex: coded("F", "FEMALE"),
      race: coded("MY", "MALAY"),
      nationality: coded("SG", "SINGAPORE CITIZEN"),
      dob: item("2003-07-21"),
      birthcountry: coded("", ""),
      email: item(""),
      mobileno: mobile("", ""),
      regadd: { type: "SG", country: coded("", ""), source: "1", classification: "C" },
    },
  },
];

/** The Myinfo items a scope names (the scopes are the items' own names). */
export const MYINFO_ITEMS = [
  "uinfin",
  "name",
  "sex",
  "race",
  "nationality",
  "dob",
  "birthcountry",
  "email",
  "mobileno",
  "regadd",
];
