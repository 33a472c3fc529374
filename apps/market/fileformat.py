"""The shipments file format: the header of the CSV files `import_shipments` loads (in any
column order) and the demo generator writes (in this order)."""

SHIPMENT_FILE_COLUMNS: tuple[str, ...] = (
    "date",
    "hs_code",
    "product_description",
    "exporter_name",
    "exporter_country",
    "importer_name",
    "importer_country",
    "quantity",
    "quantity_unit",
    "net_weight_kg",
    "value_usd",
    "port_of_loading",
    "port_of_discharge",
    "transport_mode",
    "source",
    "source_record_id",
)

# The `source` of generated demo shipments: the index counts them so the screen can say so.
DEMO_SOURCE = "demo"
