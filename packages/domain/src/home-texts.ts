/**
 * The zakat home page's text blocks 4 to 14 as the portal starts (issue 34): what each kind of zakat,
 * fidyah and kaffarah is for, the rates in force and the days left to pay fitrah (braced names the
 * page fills from the configuration and the council's Hijri calendar: domain `HOME_FILLS`), the ways
 * to pay and short answers to common questions. Sourced from design/facts.md (MUIS zakat rates and
 * FAQs, collection in person, tax); officers change every word in the console's Site content page.
 * Seeded once for the main charity (adapters `seed`), and drawn into the zakat home when it is built
 * (HomeContent.astro); a block an officer empties stays empty.
 */
export const SEED_HOME_TEXTS: ReadonlyArray<{
  readonly blockId: number;
  readonly title: { readonly en: string; readonly ms: string };
  readonly text: { readonly en: string; readonly ms: string };
}> = [
  {
    blockId: 4,
    title: { en: "Zakat fitrah before Aidilfitri", ms: "Zakat fitrah sebelum Aidilfitri" },
    text: {
      en: "{fitrahCountdown}\n\nZakat fitrah is paid for every member of the household during Ramadan, before the Aidilfitri prayer.",
      ms: "{fitrahCountdown}\n\nZakat fitrah dibayar bagi setiap ahli keluarga dalam bulan Ramadan, sebelum solat Aidilfitri.",
    },
  },
  {
    blockId: 5,
    title: { en: "Rates in force", ms: "Kadar semasa" },
    text: {
      en: "- Nisab (the value of 86 g of gold): {nisab}\n- Zakat fitrah: {fitrahNormal} a person, or {fitrahPremium} at the higher rate\n- Fidyah: {fidyahPerDay} for each day of fasting missed\n- Kaffarah: {kaffarahPerPerson} for each person fed\n\nThe council publishes the nisab every month; zakat on wealth is 2.5%.",
      ms: "- Nisab (nilai 86 g emas): {nisab}\n- Zakat fitrah: {fitrahNormal} seorang, atau {fitrahPremium} pada kadar lebih tinggi\n- Fidyah: {fidyahPerDay} bagi setiap hari puasa yang ditinggalkan\n- Kaffarah: {kaffarahPerPerson} bagi setiap orang yang diberi makan\n\nMajlis menerbitkan nisab setiap bulan; zakat harta ialah 2.5%.",
    },
  },
  {
    blockId: 6,
    title: { en: "Zakat harta", ms: "Zakat harta" },
    text: {
      en: "Zakat on wealth: 2.5% of savings, gold kept, shares, insurance savings and business held at or above the nisab for one Hijri year (355 days).",
      ms: "Zakat ke atas harta: 2.5% daripada simpanan, emas yang disimpan, saham, simpanan insurans dan perniagaan yang mencapai nisab selama satu tahun Hijrah (355 hari).",
    },
  },
  {
    blockId: 7,
    title: { en: "Zakat fitrah", ms: "Zakat fitrah" },
    text: {
      en: "Due in Ramadan for each person, so that those in need can celebrate Aidilfitri too.",
      ms: "Wajib dalam bulan Ramadan bagi setiap orang, supaya mereka yang memerlukan turut dapat menyambut Aidilfitri.",
    },
  },
  {
    blockId: 8,
    title: { en: "Fidyah", ms: "Fidyah" },
    text: {
      en: "For each day of the Ramadan fast missed and not made up for a reason the religion accepts, such as old age or a lasting illness: food for a person in need. From Syawal 2026 it is not compounded for late years.",
      ms: "Bagi setiap hari puasa Ramadan yang ditinggalkan dan tidak diganti kerana sebab yang diterima agama, seperti usia tua atau sakit berpanjangan: makanan untuk seorang yang memerlukan. Mulai Syawal 2026 ia tidak digandakan bagi tahun yang lewat.",
    },
  },
  {
    blockId: 9,
    title: { en: "Kaffarah", ms: "Kaffarah" },
    text: {
      en: "An expiation, for a broken vow (nazar) or for breaking a Ramadan fast by intercourse (jimak), paid by feeding persons in need.",
      ms: "Penebusan, bagi nazar yang tidak ditunaikan atau membatalkan puasa Ramadan dengan jimak, dibayar dengan memberi makan orang yang memerlukan.",
    },
  },
  {
    blockId: 10,
    title: { en: "Ways to pay", ms: "Cara membayar" },
    text: {
      en: "- Online, here, with an e-mailed receipt\n- At mosque counters, to the mosque's amil\n- At self-service kiosks in mosques\n\nEvery receipt carries a code anyone can check at /verify.",
      ms: "- Dalam talian, di sini, dengan resit melalui e-mel\n- Di kaunter masjid, kepada amil masjid\n- Di kiosk layan diri di masjid\n\nSetiap resit membawa kod yang boleh disemak oleh sesiapa di /verify.",
    },
  },
  {
    blockId: 11,
    title: { en: "Is zakat tax-deductible?", ms: "Adakah zakat boleh ditolak cukai?" },
    text: {
      en: "Yes, by the amount paid (1x), as an expense, not at the higher rate some donations to charities get. Give your NRIC, FIN or UEN and MUIS includes it in your tax assessment.",
      ms: "Ya, sebanyak jumlah yang dibayar (1x), sebagai perbelanjaan, bukan pada kadar lebih tinggi bagi sesetengah derma kepada badan amal. Berikan NRIC, FIN atau UEN anda dan MUIS memasukkannya dalam taksiran cukai anda.",
    },
  },
  {
    blockId: 12,
    title: { en: "Do I pay zakat on my CPF?", ms: "Adakah saya membayar zakat ke atas CPF saya?" },
    text: {
      en: "On the Ordinary Account only; MediSave and the Special Account are not zakatable. It is paid yearly, or at 55 in hardship.",
      ms: "Ke atas Akaun Biasa sahaja; MediSave dan Akaun Khas tidak dikenakan zakat. Ia dibayar setiap tahun, atau pada usia 55 jika dalam kesusahan.",
    },
  },
  {
    blockId: 13,
    title: { en: "When does my zakat year start?", ms: "Bilakah tahun zakat saya bermula?" },
    text: {
      en: "When your wealth first reaches the nisab or, if you have paid before, at your last zakat payment. The nisab that counts is the one in force when the year ends.",
      ms: "Apabila harta anda mula-mula mencapai nisab atau, jika anda pernah membayar, pada pembayaran zakat terakhir anda. Nisab yang dikira ialah nisab yang berkuat kuasa pada akhir tahun itu.",
    },
  },
  {
    blockId: 14,
    title: { en: "How is zakat on savings worked out?", ms: "Bagaimana zakat simpanan dikira?" },
    text: {
      en: "2.5% of the lowest balance held over the year. If the balance falls below the nisab, the year starts again.",
      ms: "2.5% daripada baki terendah sepanjang tahun. Jika baki jatuh di bawah nisab, tahun itu bermula semula.",
    },
  },
];
