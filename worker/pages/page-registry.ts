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
import { blogListPage, blogPostPage, blogTagPage } from "../content-pages/blog-pages";
import { infoPage } from "../content-pages/info-page";
import { projectPage, projectsPage } from "../content-pages/project-pages";
import { favouritesPage } from "../favourites/favourite-routes";
import { checkoutPage } from "../orders/checkout-page";
import { ordersPage } from "../orders/order-views";
import { contactsPage, partnershipPage, wholesalePage } from "../requests/request-pages";
import { reviewsPage } from "../reviews/reviews-page";
import { searchPage } from "../search/search-page";
import { homePage } from "./home";

export type PageHandler = (c: Context<AppEnv>) => Promise<Response>;

/**
 * Page modules by the name the route table uses. Screens whose issue has not
 * landed yet render the "coming soon" body until it does.
 */
export const pageHandlers: Record<string, PageHandler> = {
  home: homePage,
  "blog-list": blogListPage,
  "blog-tag": blogTagPage,
  "blog-post": blogPostPage,
  catalog: catalogPage,
  category: categoryPage,
  product: productPage,
  cart: cartPage,
  checkout: checkoutPage,
  search: searchPage,
  wholesale: wholesalePage,
  favorites: favouritesPage,
  reviews: reviewsPage,
  projects: projectsPage,
  project: projectPage,
  info: infoPage,
  contacts: contactsPage,
  partnership: partnershipPage,
  user: overviewPage,
  "user-login": loginPage,
  "user-signup": signupPage,
  "user-edit": editPage,
  "user-orders": ordersPage,
  "user-password": passwordPage,
};
