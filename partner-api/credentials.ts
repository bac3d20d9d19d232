/** What a partner organisation is given to call the partner service: its address and OAuth 2.0 client credentials. */
export interface PartnerCredentials {
  baseUrl: string;
  partnerId: string;
  clientId: string;
  clientSecret: string;
}
