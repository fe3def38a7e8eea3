import type { TechnicalOverview } from './technical-overview-text';

/** The technical overview in German. */
export const overview: TechnicalOverview = {
  title: 'Technischer Überblick',
  subtitle:
    'Wie das Festzins-Sparkonto von Savings Platform funktioniert: die These, die Mechanik, die Risiken und der rechtliche Rahmen.',
  metaTitle: 'Technischer Überblick — Savings Platform, 7 % fester Jahreszins',
  metaDescription:
    'Zusammenfassung, Anlagethese, Hauptmerkmale, Risikomanagement und rechtlicher Rahmen eines Sparkontos mit festen 7 %, täglich gutgeschrieben, ab 1.000 $.',
  download: 'PDF herunterladen',
  back: 'Zur Startseite',
  page: 'Seite {n} von {total}',
  sections: [
    {
      id: 'executive-summary',
      heading: 'Zusammenfassung',
      paragraphs: [
        'Savings Platform Ltd, eine in Road Town, Tortola, Britische Jungferninseln, eingetragene Gesellschaft, bietet ein Online-Sparkonto in US-Dollar mit einem festen Zins von 7 % pro Jahr. Die Zinsen werden auf den Kontostand berechnet und täglich um 10:00 Uhr gutgeschrieben.',
        'Das Konto steht Privatpersonen, Unternehmen und Stiftungen offen. Es beginnt bei 1.000 $, hat keine Bindungsfrist und keine Strafgebühren und wird vollständig online geführt: Einzahlungen per Überweisung, aktueller Kontostand, vollständige Zinshistorie und monatliche Auszahlungen.',
      ],
      bullets: [
        'Fester Zins: 7 % pro Jahr, täglich gutgeschrieben (Tageszins 0,019178 %).',
        'Mindesteinlage: 1.000 $. Währung: USD.',
        'Kapital versichert bis 150 Millionen Dollar.',
        'Rücknahme mit 5 Bankarbeitstagen Vorlauf; Auszahlungen am 1. jedes Monats.',
      ],
    },
    {
      id: 'investment-thesis',
      heading: 'Anlagethese',
      paragraphs: [
        'Geld auf einem Girokonto bringt fast nichts: Eine typische Bank zahlt etwa 0,1 % im Jahr, weit unter der Inflation. Hochwertige festverzinsliche Instrumente zahlen dagegen deutlich mehr, wenn man sie in großem Umfang halten kann.',
        'Die Plattform bündelt die Liquidität der Kunden und legt sie in Staatsanleihen und Unternehmensanleihen mit AAA-Rating an, mit einer vorsichtigen Liquiditätspolitik. Die Differenz zwischen dem Ertrag dieser Instrumente und den an die Kunden gezahlten 7 % finanziert Betrieb und Reserven. Kunden erhalten eine feste, planbare Rendite, ohne selbst Wertpapiere auszuwählen oder zu handeln.',
      ],
    },
    {
      id: 'target-investors',
      heading: 'Zielgruppe',
      paragraphs: [
        'Das Konto richtet sich an Sparer, die eine stetige, planbare Rendite auf Liquidität wünschen, die sie nicht täglich brauchen.',
      ],
      bullets: [
        'Privatpersonen, die Ersparnisse aufbauen oder ihr Ruhestandseinkommen planen.',
        'Unternehmen mit Betriebsreserven oder Liquiditätsüberschüssen.',
        'Stiftungen und Holdingstrukturen, die eine stabile Rendite auf liquide Mittel suchen.',
        'Internationale Kunden, die Vermögensschutz in einer neutralen Rechtsordnung schätzen.',
      ],
    },
    {
      id: 'key-features',
      heading: 'Hauptmerkmale',
      paragraphs: ['Jedes Merkmal zielt auf Klarheit: ein Zins, eine Währung, ein Kontostand, der jeden Tag wächst.'],
      bullets: [
        '7 % fester Jahreszins, täglich um 10:00 Uhr gutgeschrieben und in einer vollständigen Zinshistorie ausgewiesen.',
        'Keine Bindungsfristen und keine Strafgebühren bei Auszahlung.',
        'Mindesteinlage 1.000 $, per Überweisung mit persönlichem Referenzcode.',
        'Kapital versichert bis 150 Millionen Dollar.',
        'Rechtlicher Vermögensschutz: In einer ausländischen Rechtsordnung gehaltene Vermögenswerte können nicht wegen Schulden oder Gerichtsverfahren gepfändet werden.',
        'Ein Online-Dashboard mit Kontostand, Countdown bis zur nächsten Gutschrift, Einzahlungsanträgen und Kontobewegungen.',
      ],
    },
    {
      id: 'how-it-works',
      heading: 'So funktioniert es',
      paragraphs: ['Ein Konto zu eröffnen und zu führen braucht vier Schritte.'],
      bullets: [
        'Registrieren Sie sich in wenigen Minuten online mit Name, E-Mail und Passwort.',
        'Überweisen Sie Liquidität von einem privaten oder geschäftlichen Bankkonto unter Angabe Ihres Referenzcodes. Einzahlungen werden meist innerhalb von 1-2 Bankarbeitstagen bestätigt.',
        'Sofort Zinsen verdienen: Die Zinsen laufen ab dem Tag, an dem Ihre Einzahlung bestätigt ist.',
        '7 % verdienen: Die Zinsen werden täglich um 10:00 Uhr gutgeschrieben. Fordern Sie jederzeit eine Auszahlung an, sobald Ihre Bankdaten gespeichert sind; genehmigte Auszahlungen erfolgen am 1. jedes Monats.',
      ],
    },
    {
      id: 'risk-management',
      heading: 'Risikomanagement',
      paragraphs: [
        'Kundengelder werden nur in Staatsanleihen und Unternehmensanleihen mit AAA-Rating angelegt, gestreut über Emittenten und Laufzeiten, mit einem Liquiditätspuffer für Rücknahmen mit 5 Bankarbeitstagen Vorlauf.',
        'Jede Geldbewegung wird in einem nur erweiterbaren Hauptbuch mit doppelter Buchführung erfasst, dessen Integrität jederzeit geprüft werden kann; Kontostände, Zinsgutschriften und Auszahlungen lassen sich daraus rekonstruieren und prüfen. Das Kapital ist bis 150 Millionen Dollar versichert.',
        'Sparen und Anlegen sind mit Risiken verbunden: Der Wert der zugrunde liegenden Instrumente kann sinken, und vergangene Renditen garantieren keine künftigen. Die Kontobedingungen nennen Zins, Versicherungsschutz und Auszahlungsbedingungen.',
      ],
    },
    {
      id: 'regulatory-legal',
      heading: 'Regulatorischer und rechtlicher Rahmen',
      paragraphs: [
        'Savings Platform Ltd ist eine auf den Britischen Jungferninseln eingetragene Gesellschaft mit Sitz in Road Town, Tortola. Kundenvermögen wird nach dem Recht dieser Rechtsordnung gehalten, das Schutz vor Pfändung wegen Schulden oder anderswo geführter Verfahren bietet.',
        'Kunden werden bei der Eröffnung identifiziert, und Gelder werden nur per Überweisung von Konten auf den eigenen Namen oder den ihres Unternehmens angenommen. Nichts auf dieser Website ist Anlageberatung; Kunden sollten ihre eigene steuerliche und rechtliche Lage prüfen.',
      ],
    },
    {
      id: 'contact-onboarding',
      heading: 'Kontakt und Kontoeröffnung',
      paragraphs: [
        'Eröffnen Sie in wenigen Minuten online ein Konto und überweisen Sie dann mindestens 1.000 $ mit den Bankdaten und dem Referenzcode aus Ihrem Dashboard. Für Firmenkonten, Stiftungen oder Fragen schreiben Sie uns: Ein Teammitglied antwortet innerhalb eines Bankarbeitstages.',
      ],
    },
  ],
};
