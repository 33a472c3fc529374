from apps.core.pages import signed_in_page

lead_verification = signed_in_page(family="verification", page="lead-verification")
verification_detail = signed_in_page(family="verification", page="verification-detail")
