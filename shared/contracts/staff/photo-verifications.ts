// "Fotos reales" in the panel: the requests whose selfie is in, one request with the ad's photos to compare with
// the selfie (an image the server decrypts for each view), and what closing it answers.

export interface PhotoVerificationQueueItem {
  id: number;
  adId: number;
  adTitle: string;
  advertiserName: string;
  gesture: string;
  photoCount: number;
  submittedAt: string;
}

export interface PhotoVerificationReview {
  id: number;
  gesture: string;
  /** The code the selfie's paper must show: the ad's code, as visitors check it in /verificar-anuncio. */
  adCode: number;
  adTitle: string;
  advertiserName: string;
  submittedAt: string | null;
  /** The selfie can be viewed (sent and not purged yet). */
  hasSelfie: boolean;
  /** The ad's photos now, in gallery order; staff decide on exactly these. */
  photos: { id: number; url: string; urlLarge: string; verifiedAt: string | null }[];
}

export interface PhotoVerificationDecided {
  success: true;
  /** approved: every photo verified; rejected: at least one refused. */
  status: 'approved' | 'rejected';
}
