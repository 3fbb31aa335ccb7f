import type { PageHandlers } from "./frame/routing/register-pages";
import { editPage } from "./screens/account/edit";
import { loginPage } from "./screens/account/login";
import { overviewPage } from "./screens/account/overview";
import { passwordPage } from "./screens/account/password";
import { signupPage } from "./screens/account/signup";
import { blogListPage, blogPostPage, blogTagPage } from "./screens/blog/blog-pages";
import { brandPage } from "./screens/brands/brand-page";
import { brandsPage } from "./screens/brands/brands-page";
import { cartPage } from "./screens/cart/cart-page";
import { checkoutPage } from "./screens/cart/checkout-page";
import { ordersPage } from "./screens/cart/order-views";
import { catalogPage } from "./screens/catalog/catalog-page";
import { categoryPage } from "./screens/catalog/category-page";
import { favouritesPage } from "./screens/favourites/favourite-routes";
import { homePage } from "./screens/home/home-page";
import { infoPage } from "./screens/information/info-page";
import { productPage } from "./screens/product/product-page";
import { projectPage, projectsPage } from "./screens/projects/project-pages";
import { contactsPage, partnershipPage, wholesalePage } from "./screens/requests/request-pages";
import { searchPage } from "./screens/search/search-page";
import { reviewsPage } from "./screens/shop-reviews/shop-reviews-page";

/** Every screen by the page name the route table (shared/routes.ts) gives it; a missing one does not compile. */
export const pageHandlers: PageHandlers = {
  home: homePage,
  "blog-list": blogListPage,
  "blog-tag": blogTagPage,
  "blog-post": blogPostPage,
  catalog: catalogPage,
  category: categoryPage,
  product: productPage,
  brands: brandsPage,
  brand: brandPage,
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
