/**
 * The embedded CMS's GraphQL schema, in Strapi v4's shapes: entities wrapped as
 * `data { id attributes }`, collections with `meta.pagination`, media as
 * UploadFile entities, components unwrapped, `locale` on every query.
 */
export const typeDefs = /* GraphQL */ `
scalar JSON
scalar DateTime
scalar I18NLocaleCode

input PaginationArg { page: Int, pageSize: Int, start: Int, limit: Int }
type Pagination { total: Int!, page: Int!, pageSize: Int!, pageCount: Int! }
type ResponseCollectionMeta { pagination: Pagination! }

input IDFilterInput { and: [ID], or: [ID], not: IDFilterInput, eq: ID, ne: ID, in: [ID], notIn: [ID], null: Boolean, notNull: Boolean }
input StringFilterInput {
  and: [String], or: [String], not: StringFilterInput, eq: String, eqi: String, ne: String, in: [String], notIn: [String],
  contains: String, containsi: String, notContains: String, notContainsi: String, startsWith: String, endsWith: String,
  null: Boolean, notNull: Boolean
}
input IntFilterInput { and: [Int], or: [Int], not: IntFilterInput, eq: Int, ne: Int, in: [Int], notIn: [Int], gt: Int, gte: Int, lt: Int, lte: Int, between: [Int], null: Boolean, notNull: Boolean }
input FloatFilterInput { and: [Float], or: [Float], not: FloatFilterInput, eq: Float, ne: Float, in: [Float], notIn: [Float], gt: Float, gte: Float, lt: Float, lte: Float, between: [Float], null: Boolean, notNull: Boolean }
input DateTimeFilterInput { eq: DateTime, ne: DateTime, gt: DateTime, gte: DateTime, lt: DateTime, lte: DateTime, between: [DateTime], null: Boolean, notNull: Boolean }

type UploadFile { name: String!, alternativeText: String, caption: String, width: Int, height: Int, formats: JSON, ext: String, mime: String!, size: Float, url: String!, provider: String }
type UploadFileEntity { id: ID, attributes: UploadFile }
type UploadFileEntityResponse { data: UploadFileEntity }
type UploadFileRelationResponseCollection { data: [UploadFileEntity!]! }

type ComponentSharedButton { id: ID!, classes: String, color: String, iconClass: String, modal: String, outlined: Boolean, path: String, size: String, text: String, window: String }
type ComponentMenuSublink { id: ID!, class: String, title: String, active: Boolean, path: String, group: String }
type ComponentMenuMenuItem {
  id: ID!, parent: String, title: String, path: String, megaMenu: Boolean, class: String
  sublinks(pagination: PaginationArg = {}): [ComponentMenuSublink]
}

type Contact {
  company: String, email: String, phone: String, phoneSecondary: String, logotype: UploadFileEntityResponse,
  icon: UploadFileEntityResponse, receiver: String, whatsapp: String, telegram: String, vk: String, facebook: String,
  instagram: String, youtube: String, updatedAt: DateTime, locale: String
}
type ContactEntity { id: ID, attributes: Contact }
type ContactEntityResponse { data: ContactEntity }

type Menu { menu(pagination: PaginationArg = {}): [ComponentMenuMenuItem], button: ComponentSharedButton, updatedAt: DateTime, locale: String }
type MenuEntity { id: ID, attributes: Menu }
type MenuEntityResponse { data: MenuEntity }

type FooterMenu {
  slogan: String, copyrights: String, policyLink: String, menu(pagination: PaginationArg = {}): [ComponentMenuMenuItem],
  button: ComponentSharedButton, updatedAt: DateTime, locale: String
}
type FooterMenuEntity { id: ID, attributes: FooterMenu }
type FooterMenuEntityResponse { data: FooterMenuEntity }

type TopMenu { menu(pagination: PaginationArg = {}): [ComponentMenuMenuItem], updatedAt: DateTime, locale: String }
type TopMenuEntity { id: ID, attributes: TopMenu }
type TopMenuEntityResponse { data: TopMenuEntity }

type Category { name: String!, slug: String!, description: String, image: UploadFileEntityResponse, productCount: Int!, updatedAt: DateTime, locale: String }
type CategoryEntity { id: ID, attributes: Category }
type CategoryEntityResponse { data: CategoryEntity }
type CategoryEntityResponseCollection { data: [CategoryEntity!]!, meta: ResponseCollectionMeta! }
input CategoryFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, and: [CategoryFiltersInput], or: [CategoryFiltersInput], not: CategoryFiltersInput }

type Brand { name: String!, slug: String!, description: String, colour: String, logo: UploadFileEntityResponse, productLines: ProductLineRelationResponseCollection, updatedAt: DateTime, locale: String }
type BrandEntity { id: ID, attributes: Brand }
type BrandEntityResponse { data: BrandEntity }
type BrandEntityResponseCollection { data: [BrandEntity!]!, meta: ResponseCollectionMeta! }
input BrandFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, and: [BrandFiltersInput], or: [BrandFiltersInput], not: BrandFiltersInput }

type ProductLine { name: String!, slug: String!, brand: BrandEntityResponse, locale: String }
type ProductLineEntity { id: ID, attributes: ProductLine }
type ProductLineEntityResponse { data: ProductLineEntity }
type ProductLineEntityResponseCollection { data: [ProductLineEntity!]!, meta: ResponseCollectionMeta! }
type ProductLineRelationResponseCollection { data: [ProductLineEntity!]! }
input ProductLineFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, brand: BrandFiltersInput, and: [ProductLineFiltersInput], or: [ProductLineFiltersInput], not: ProductLineFiltersInput }

enum ENUM_PRODUCT_AVAILABILITY { in_stock, out_of_stock, none, prepurchase }
input AvailabilityFilterInput { eq: String, ne: String, in: [String], notIn: [String], null: Boolean, notNull: Boolean }

type Product {
  name: String!, slug: String!, sku: String!, description: String, ingredients: String, howToUse: String, volume: String,
  price: Float!, oldPrice: Float, availability: ENUM_PRODUCT_AVAILABILITY, year: Int, popularity: Int,
  brand: BrandEntityResponse, line: ProductLineEntityResponse, category: CategoryEntityResponse,
  images(pagination: PaginationArg = {}): UploadFileRelationResponseCollection,
  publishedAt: DateTime, updatedAt: DateTime, locale: String
}
type ProductEntity { id: ID, attributes: Product }
type ProductEntityResponse { data: ProductEntity }
type ProductEntityResponseCollection { data: [ProductEntity!]!, meta: ResponseCollectionMeta! }
input ProductFiltersInput {
  id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, sku: StringFilterInput, description: StringFilterInput,
  price: FloatFilterInput, oldPrice: FloatFilterInput, availability: AvailabilityFilterInput, year: IntFilterInput,
  brand: BrandFiltersInput, line: ProductLineFiltersInput, category: CategoryFiltersInput, publishedAt: DateTimeFilterInput,
  and: [ProductFiltersInput], or: [ProductFiltersInput], not: ProductFiltersInput
}

type Tag { name: String!, slug: String!, locale: String }
type TagEntity { id: ID, attributes: Tag }
type TagEntityResponseCollection { data: [TagEntity!]!, meta: ResponseCollectionMeta! }
type TagRelationResponseCollection { data: [TagEntity!]! }
input TagFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, and: [TagFiltersInput], or: [TagFiltersInput], not: TagFiltersInput }

type BlogPost { title: String!, slug: String!, excerpt: String, content: String, image: UploadFileEntityResponse, tags: TagRelationResponseCollection, publishedAt: DateTime, updatedAt: DateTime, locale: String }
type BlogPostEntity { id: ID, attributes: BlogPost }
type BlogPostEntityResponseCollection { data: [BlogPostEntity!]!, meta: ResponseCollectionMeta! }
input BlogPostFiltersInput { id: IDFilterInput, title: StringFilterInput, slug: StringFilterInput, excerpt: StringFilterInput, content: StringFilterInput, tags: TagFiltersInput, publishedAt: DateTimeFilterInput, and: [BlogPostFiltersInput], or: [BlogPostFiltersInput], not: BlogPostFiltersInput }

type Project { title: String!, slug: String!, excerpt: String, content: String, image: UploadFileEntityResponse, publishedAt: DateTime, updatedAt: DateTime, locale: String }
type ProjectEntity { id: ID, attributes: Project }
type ProjectEntityResponseCollection { data: [ProjectEntity!]!, meta: ResponseCollectionMeta! }
input ProjectFiltersInput { id: IDFilterInput, title: StringFilterInput, slug: StringFilterInput, and: [ProjectFiltersInput], or: [ProjectFiltersInput], not: ProjectFiltersInput }

type Page { title: String!, slug: String!, description: String, content: String, updatedAt: DateTime, locale: String }
type PageEntity { id: ID, attributes: Page }
type PageEntityResponseCollection { data: [PageEntity!]!, meta: ResponseCollectionMeta! }
input PageFiltersInput { id: IDFilterInput, title: StringFilterInput, slug: StringFilterInput, and: [PageFiltersInput], or: [PageFiltersInput], not: PageFiltersInput }

type Query {
  contact(locale: I18NLocaleCode): ContactEntityResponse
  menu(locale: I18NLocaleCode): MenuEntityResponse
  footerMenu(locale: I18NLocaleCode): FooterMenuEntityResponse
  topMenu(locale: I18NLocaleCode): TopMenuEntityResponse
  categories(filters: CategoryFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): CategoryEntityResponseCollection
  brands(filters: BrandFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): BrandEntityResponseCollection
  productLines(filters: ProductLineFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): ProductLineEntityResponseCollection
  products(filters: ProductFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): ProductEntityResponseCollection
  product(id: ID): ProductEntityResponse
  tags(filters: TagFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): TagEntityResponseCollection
  blogPosts(filters: BlogPostFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): BlogPostEntityResponseCollection
  projects(filters: ProjectFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): ProjectEntityResponseCollection
  pages(filters: PageFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): PageEntityResponseCollection
}
`;
