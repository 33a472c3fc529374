from apps.core.pages import signed_in_page

find_global_lead = signed_in_page(family="leads", page="find-global-lead")
find_global_company = signed_in_page(family="leads", page="find-global-company")
company_detail = signed_in_page(family="leads", page="company-detail")
