import type { Context } from "hono";
import { editPage } from "../account/edit-page";
import { loginPage } from "../account/login-page";
import { overviewPage } from "../account/overview-page";
import { passwordPage } from "../account/password-page";
import { signupPage } from "../account/signup-page";
import type { AppEnv } from "../app-env";
import { cartPage } from "../cart/cart-page";
import { catalogPage } from "../catalog/catalog-page";
import { categoryPage } from "../catalog/category-page";
import { productPage } from "../catalog/product-page";
import { checkoutPage } from "../orders/checkout-page";
import { ordersPage } from "../orders/order-views";
import { comingSoonPage } from "./coming-soon";
import { homePage } from "./home";

export type PageHandler = (c: Context<AppEnv>) => Promise<Response>;

/**
 * Page modules by the name the route table uses. Screens whose issue has not
 * landed yet render the "coming soon" body until it does.
 */
export const pageHandlers: Record<string, PageHandler> = {
  home: homePage,
  "blog-list": comingSoonPage("Blog"),
  "blog-tag": comingSoonPage("Blog"),
  "blog-post": comingSoonPage("Blog"),
  catalog: catalogPage,
  category: categoryPage,
  product: productPage,
  cart: cartPage,
  checkout: checkoutPage,
  search: comingSoonPage("Search"),
  wholesale: comingSoonPage("Wholesale"),
  favorites: comingSoonPage("Favourites"),
  reviews: comingSoonPage("Reviews"),
  projects: comingSoonPage("Projects"),
  project: comingSoonPage("Projects"),
  info: comingSoonPage("Information"),
  contacts: comingSoonPage("Contacts"),
  partnership: comingSoonPage("Partnership"),
  user: overviewPage,
  "user-login": loginPage,
  "user-signup": signupPage,
  "user-edit": editPage,
  "user-orders": ordersPage,
  "user-password": passwordPage,
};
