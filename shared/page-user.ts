/** The signed-in shopper as islands see it (the `strapi_user` page state): no token, no contact details. */
export interface PageUser {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
}
