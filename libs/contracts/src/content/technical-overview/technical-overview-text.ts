/** The shape of the technical overview's text in one language (one file per language beside this one). */
export interface TechnicalOverviewSection {
  id: string;
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface TechnicalOverview {
  title: string;
  subtitle: string;
  metaTitle: string;
  metaDescription: string;
  /** the download button */
  download: string;
  /** the link back home */
  back: string;
  /** the PDF's page footer: "Page {n} of {total}" */
  page: string;
  sections: TechnicalOverviewSection[];
}
