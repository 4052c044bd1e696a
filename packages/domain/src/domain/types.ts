export interface Color {
  id: string;
  name: string;
  /** Six hex digits, no `#`. */
  hex: string;
  favorite: boolean;
}

export interface Font {
  id: string;
  name: string;
  /** A stylesheet URL. */
  url: string;
}

/** A website where floows load. */
export interface Domain {
  id: string;
  organizationId: string;
  name: string;
  description: string;
  image: string | null;
  /** The URL where the widgets load. */
  host: string;
  blobUrl: string | null;
  colors: Color[];
  fonts: Font[];
}
