-- The SQL profile-staging.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- exists
-- $1 = "layer_stage.r12_raw"
SELECT to_regclass($1) IS NOT NULL AS found;

-- tagSourceLayer (1 of 2)
ALTER TABLE layer_stage.r12_raw ADD COLUMN IF NOT EXISTS _layer text;

-- tagSourceLayer (2 of 2)
-- $1 = "ms:lokale"
WITH tagged AS (UPDATE layer_stage.r12_raw SET _layer = $1 WHERE _layer IS NULL RETURNING 1) SELECT count(*) AS n FROM tagged;

-- columns
-- $1 = "r12_raw"
SELECT column_name, data_type FROM information_schema.columns
WHERE table_schema = 'layer_stage' AND table_name = $1 AND column_name NOT IN ('geom', 'ogc_fid')
ORDER BY ordinal_position;

-- createMapped (rcn-lokale, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "{\"pierwotny\":\"primary_market\",\"wtorny\":\"secondary_market\"}"
-- $3 = "{\"pierwotny\":\"primary\",\"wtorny\":\"secondary\"}"
CREATE TABLE layer_stage.r12 AS SELECT COALESCE(CASE WHEN NULLIF(btrim(r."tran_lokalny_id_iip"::text), '') IS NULL OR NULLIF(btrim(r."lok_id_lokalu"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."tran_lokalny_id_iip"::text), ''), $1::text, NULLIF(btrim(r."lok_id_lokalu"::text), '')) END, NULLIF(btrim(r."gml_id"::text), '')) AS "id",
     COALESCE($2::text::jsonb ->> NULLIF(btrim(r."tran_rodzaj_rynku"::text), ''), NULLIF(btrim(r."tran_rodzaj_rynku"::text), '')) AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."lok_id_lokalu"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 8, 1) END END AS "teryt",
     substring(NULLIF(btrim(r."dok_data"::text), '') from 1 for 10) AS "date",
     COALESCE(NULLIF(btrim(r."lok_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) AS "price_pln",
     NULLIF(btrim(r."lok_pow_uzyt"::text), '') AS "area_sqm",
     CASE WHEN COALESCE(NULLIF(btrim(r."lok_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND NULLIF(btrim(r."lok_pow_uzyt"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND replace(NULLIF(btrim(r."lok_pow_uzyt"::text), ''), ',', '.')::numeric > 0
                 THEN round(replace(COALESCE(NULLIF(btrim(r."lok_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')), ',', '.')::numeric / replace(NULLIF(btrim(r."lok_pow_uzyt"::text), ''), ',', '.')::numeric, 2)::text END AS "price_per_sqm_pln",
     NULLIF(btrim(r."lok_nr_kond"::text), '') AS "floor",
     NULLIF(btrim(r."lok_liczba_izb"::text), '') AS "rooms",
     COALESCE($3::text::jsonb ->> NULLIF(btrim(r."tran_rodzaj_rynku"::text), ''), NULLIF(btrim(r."tran_rodzaj_rynku"::text), '')) AS "market",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (rcn-lokale, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (rcn-transactions, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "{\"nieruchomoscGruntowaNiezabudowana\":\"land\",\"nieruchomoscGruntowaZabudowana\":\"building\",\"nieruchomoscBudynkowa\":\"building\",\"nieruchomoscLokalowa\":\"apartment\"}"
-- $3 = "{\"nieruchomoscGruntowaNiezabudowana\":\"land\",\"nieruchomoscGruntowaZabudowana\":\"building\",\"nieruchomoscBudynkowa\":\"building\",\"nieruchomoscLokalowa\":\"apartment\"}"
-- $4 = 10000
-- $5 = 10000
CREATE TABLE layer_stage.r12 AS SELECT COALESCE(CASE WHEN NULLIF(btrim(r."tran_lokalny_id_iip"::text), '') IS NULL OR NULLIF(btrim(r."dzi_id_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."tran_lokalny_id_iip"::text), ''), $1::text, NULLIF(btrim(r."dzi_id_dzialki"::text), '')) END, NULLIF(btrim(r."gml_id"::text), '')) AS "id",
     COALESCE($2::text::jsonb ->> NULLIF(btrim(r."nier_rodzaj"::text), ''), NULLIF(btrim(r."nier_rodzaj"::text), '')) AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."dzi_id_dzialki"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) END END AS "teryt",
     substring(NULLIF(btrim(r."dok_data"::text), '') from 1 for 10) AS "date",
     COALESCE($3::text::jsonb ->> NULLIF(btrim(r."nier_rodzaj"::text), ''), NULLIF(btrim(r."nier_rodzaj"::text), '')) AS "property_type",
     COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) AS "price_pln",
     CASE WHEN NULLIF(btrim(r."dzi_pow_ewid"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."dzi_pow_ewid"::text), ''), ',', '.')::numeric * $4::text::numeric)::text ELSE NULLIF(btrim(r."dzi_pow_ewid"::text), '') END AS "area_sqm",
     CASE WHEN COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND CASE WHEN NULLIF(btrim(r."dzi_pow_ewid"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."dzi_pow_ewid"::text), ''), ',', '.')::numeric * $5::text::numeric)::text ELSE NULLIF(btrim(r."dzi_pow_ewid"::text), '') END ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND replace(CASE WHEN NULLIF(btrim(r."dzi_pow_ewid"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."dzi_pow_ewid"::text), ''), ',', '.')::numeric * $5::text::numeric)::text ELSE NULLIF(btrim(r."dzi_pow_ewid"::text), '') END, ',', '.')::numeric > 0
                 THEN round(replace(COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')), ',', '.')::numeric / replace(CASE WHEN NULLIF(btrim(r."dzi_pow_ewid"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."dzi_pow_ewid"::text), ''), ',', '.')::numeric * $5::text::numeric)::text ELSE NULLIF(btrim(r."dzi_pow_ewid"::text), '') END, ',', '.')::numeric, 2)::text END AS "price_per_sqm_pln",
     NULLIF(btrim(r."dzi_id_dzialki"::text), '') AS "parcel_id",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (rcn-transactions, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (app-plan-ogolny-zones, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "{\"SW\":\"multifunctional_multi_family\",\"SJ\":\"multifunctional_single_family\",\"SZ\":\"multifunctional_farmstead\",\"SU\":\"services\",\"SH\":\"large_retail\",\"SP\":\"economic\",\"SR\":\"agricultural_production\",\"SI\":\"renewable_energy\",\"SN\":\"green_recreation\",\"SC\":\"cemetery\",\"SG\":\"mining\",\"SO\":\"open_area\",\"SK\":\"transport\"}"
-- $3 = "{\"elaboration\":\"in_preparation\",\"adoption\":\"adopted\",\"legalForce\":\"in_force\"}"
-- $4 = "{\"SW\":true,\"SJ\":true,\"SZ\":true,\"SU\":true,\"SH\":true,\"SP\":true,\"SR\":false,\"SI\":false,\"SN\":false,\"SC\":false,\"SG\":false,\"SO\":false,\"SK\":false}"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."przestrzenNazw"::text), '') IS NULL OR NULLIF(btrim(r."lokalnyId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przestrzenNazw"::text), ''), $1::text, NULLIF(btrim(r."lokalnyId"::text), '')) END AS "id",
     COALESCE($2::text::jsonb ->> NULLIF(btrim(r."symbol"::text), ''), NULLIF(btrim(r."symbol"::text), '')) AS "kind",
     NULLIF(btrim(r."nazwa_title"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."symbol"::text), '') AS "zone_symbol",
     NULLIF(btrim(r."nazwa_title"::text), '') AS "zone_label",
     COALESCE($3::text::jsonb ->> regexp_replace(NULLIF(btrim(r."status_href"::text), ''), '^.*[/#]', ''), regexp_replace(NULLIF(btrim(r."status_href"::text), ''), '^.*[/#]', '')) AS "status",
     COALESCE($4::text::jsonb ->> NULLIF(btrim(r."symbol"::text), ''), NULLIF(btrim(r."symbol"::text), '')) AS "allows_building",
     NULLIF(btrim(r."przestrzenNazw"::text), '') AS "plan_id",
     NULLIF(btrim(r."maksWysokoscZabudowy"::text), '') AS "max_height_m",
     NULLIF(btrim(r."maksUdzialPowierzchniZabudowy"::text), '') AS "max_building_coverage_pct",
     NULLIF(btrim(r."minUdzialPowierzchniBiologicznieCzynnej"::text), '') AS "min_biologically_active_pct",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (app-plan-ogolny-zones, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (app-local-plans, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "{\"miejscowyPlanZagospodarowaniaPrzestrzennego\":\"local_plan\"}"
-- $3 = "{\"elaboration\":\"in_preparation\",\"adoption\":\"adopted\",\"legalForce\":\"in_force\"}"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."przestrzenNazw"::text), '') IS NULL OR NULLIF(btrim(r."lokalnyId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przestrzenNazw"::text), ''), $1::text, NULLIF(btrim(r."lokalnyId"::text), '')) END AS "id",
     COALESCE($2::text::jsonb ->> regexp_replace(NULLIF(btrim(r."typPlanu_href"::text), ''), '^.*[/#]', ''), regexp_replace(NULLIF(btrim(r."typPlanu_href"::text), ''), '^.*[/#]', '')) AS "kind",
     NULLIF(btrim(r."tytul"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."przestrzenNazw"::text), '') AS "plan_id",
     COALESCE(NULLIF(btrim(r."tytulAlternatywny"::text), ''), NULLIF(btrim(r."tytul"::text), '')) AS "plan_name",
     substring(NULLIF(btrim(r."obowiazujeOd"::text), '') from 1 for 10) AS "adopted_on",
     COALESCE($3::text::jsonb ->> regexp_replace(NULLIF(btrim(r."status_href"::text), ''), '^.*[/#]', ''), regexp_replace(NULLIF(btrim(r."status_href"::text), ''), '^.*[/#]', '')) AS "legal_status",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (app-local-plans, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (prg-admin-units, every column present) (1 of 2)
-- $1 = "{\"A01_Granice_wojewodztw\":\"voivodeship\",\"A02_Granice_powiatow\":\"powiat\",\"A03_Granice_gmin\":\"gmina\"}"
-- $2 = ":"
-- $3 = "^A01"
-- $4 = "województwo"
-- $5 = "^A02.*:[0-9]{2}(6[1-9]|[7-9][0-9])$"
-- $6 = "miasto na prawach powiatu"
-- $7 = "^A02"
-- $8 = "powiat"
-- $9 = "^A03.*1$"
-- $10 = "gmina miejska"
-- $11 = "^A03.*2$"
-- $12 = "gmina wiejska"
-- $13 = "^A03.*3$"
-- $14 = "gmina miejsko-wiejska"
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."JPT_KOD_JE"::text), '') AS "id",
     COALESCE($1::text::jsonb ->> NULLIF(btrim(r."_layer"::text), ''), NULLIF(btrim(r."_layer"::text), '')) AS "kind",
     NULLIF(btrim(r."JPT_NAZWA_"::text), '') AS "name",
     NULLIF(btrim(r."JPT_KOD_JE"::text), '') AS "teryt",
     CASE WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."JPT_KOD_JE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."JPT_KOD_JE"::text), '')) END ~ $3::text THEN $4::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."JPT_KOD_JE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."JPT_KOD_JE"::text), '')) END ~ $5::text THEN $6::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."JPT_KOD_JE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."JPT_KOD_JE"::text), '')) END ~ $7::text THEN $8::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."JPT_KOD_JE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."JPT_KOD_JE"::text), '')) END ~ $9::text THEN $10::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."JPT_KOD_JE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."JPT_KOD_JE"::text), '')) END ~ $11::text THEN $12::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."JPT_KOD_JE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."JPT_KOD_JE"::text), '')) END ~ $13::text THEN $14::text ELSE CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."JPT_KOD_JE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."JPT_KOD_JE"::text), '')) END END AS "unit_type",
     CASE WHEN NULLIF(btrim(r."JPT_KOD_JE"::text), '') ~ '^[0-9]{7}$' THEN substr(NULLIF(btrim(r."JPT_KOD_JE"::text), ''), 1, 4) WHEN NULLIF(btrim(r."JPT_KOD_JE"::text), '') ~ '^[0-9]{4}$' THEN substr(NULLIF(btrim(r."JPT_KOD_JE"::text), ''), 1, 2) END AS "parent_teryt",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (prg-admin-units, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (prg-cadastral-units, every column present) (1 of 2)
-- $1 = "{\"A05_Granice_jednostek_ewidencyjnych\":\"cadastral_unit\",\"A06_Granice_obrebow_ewidencyjnych\":\"precinct\"}"
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."JPT_KOD_JE"::text), '') AS "id",
     COALESCE($1::text::jsonb ->> NULLIF(btrim(r."_layer"::text), ''), NULLIF(btrim(r."_layer"::text), '')) AS "kind",
     NULLIF(btrim(r."JPT_NAZWA_"::text), '') AS "name",
     CASE WHEN NULLIF(btrim(r."JPT_KOD_JE"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."JPT_KOD_JE"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."JPT_KOD_JE"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."JPT_KOD_JE"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."JPT_KOD_JE"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."JPT_KOD_JE"::text), '') AS "code",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (prg-cadastral-units, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (egib-parcels, every column present) (1 of 2)
-- $1 = "parcel"
-- $2 = 10000
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "id",
     $1::text AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."ID_DZIALKI"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "parcel_id",
     NULLIF(btrim(r."NUMER_DZIALKI"::text), '') AS "parcel_number",
     NULLIF(substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 13), '') AS "precinct_id",
     COALESCE(CASE WHEN NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), ''), ',', '.')::numeric * $2::text::numeric)::text ELSE NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') END, round(ST_Area(r.geom)::numeric, 1)::text) AS "area_sqm",
     NULLIF(btrim(r."KLASOUZYTKI_EGIB"::text), '') AS "land_use_classes",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (egib-parcels, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (egib-parcels-powiat, every column present) (1 of 2)
-- $1 = "parcel"
-- $2 = 10000
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "id",
     $1::text AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."ID_DZIALKI"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "parcel_id",
     NULLIF(btrim(r."NUMER_DZIALKI"::text), '') AS "parcel_number",
     NULLIF(substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 13), '') AS "precinct_id",
     COALESCE(CASE WHEN NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), ''), ',', '.')::numeric * $2::text::numeric)::text ELSE NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') END, round(ST_Area(r.geom)::numeric, 1)::text) AS "area_sqm",
     NULLIF(btrim(r."KLASOUZYTKI_EGIB"::text), '') AS "land_use_classes",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (egib-parcels-powiat, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (gdos-protected-areas, every column present) (1 of 2)
-- $1 = "."
-- $2 = "|"
-- $3 = "^GDOS:ParkiNarodowe\\|.*otulina$"
-- $4 = "national_park_buffer"
-- $5 = "^GDOS:SpecjalneObszaryOchrony\\|"
-- $6 = "natura2000_habitat"
-- $7 = "^GDOS:ObszarySpecjalnejOchrony\\|"
-- $8 = "natura2000_birds"
-- $9 = "^GDOS:ParkiNarodowe\\|"
-- $10 = "national_park"
-- $11 = "^GDOS:ParkiKrajobrazowe\\|"
-- $12 = "landscape_park"
-- $13 = "^GDOS:Rezerwaty\\|"
-- $14 = "nature_reserve"
-- $15 = "^GDOS:ObszaryChronionegoKrajobrazu\\|"
-- $16 = "protected_landscape_area"
-- $17 = "^GDOS:ZespolyPrzyrodniczoKrajobrazowe\\|"
-- $18 = "nature_landscape_complex"
-- $19 = "^GDOS:UzytkiEkologiczne\\|"
-- $20 = "ecological_site"
-- $21 = "|"
-- $22 = "^GDOS:(?!ParkiNarodowe\\|).*otulina$"
CREATE TABLE layer_stage.r12 AS SELECT COALESCE(NULLIF(btrim(r."kodinspire"::text), ''), CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."gid"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $1::text, NULLIF(btrim(r."gid"::text), '')) END) AS "id",
      CASE WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $3::text THEN $4::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $5::text THEN $6::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $7::text THEN $8::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $9::text THEN $10::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $11::text THEN $12::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $13::text THEN $14::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $15::text THEN $16::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $17::text THEN $18::text WHEN CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $19::text THEN $20::text ELSE CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."nazwa"::text), '')) END END AS "kind",
      NULLIF(btrim(r."nazwa"::text), '') AS "name",
      NULL::text AS "teryt",
      COALESCE(NULLIF(btrim(r."kod"::text), ''), NULLIF(btrim(r."kodinspire"::text), '')) AS "code",
      round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
      r.geom AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."nazwa"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $21::text, NULLIF(btrim(r."nazwa"::text), '')) END ~ $22::text, false);

-- createMapped (gdos-protected-areas, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (gunb-permits, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "."
-- $3 = "."
-- $4 = "building_permit"
-- $5 = "."
-- $6 = "."
-- $7 = "."
-- $8 = "."
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."numer_gunb"::text), '') IS NULL OR NULLIF(btrim(r."jednosta_numer_ew"::text), '') IS NULL OR NULLIF(btrim(r."obreb_numer"::text), '') IS NULL OR NULLIF(btrim(r."numer_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."numer_gunb"::text), ''), $1::text, NULLIF(btrim(r."jednosta_numer_ew"::text), ''), $2::text, NULLIF(btrim(r."obreb_numer"::text), ''), $3::text, NULLIF(btrim(r."numer_dzialki"::text), '')) END AS "id",
     $4::text AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."jednosta_numer_ew"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."numer_decyzji_urzedu"::text), '') AS "decision_number",
     substring(NULLIF(btrim(r."data_wydania_decyzji"::text), '') from 1 for 10) AS "decided_on",
     NULLIF(btrim(r."nazwa_organu"::text), '') AS "authority",
     NULLIF(btrim(r."kategoria"::text), '') AS "building_category",
     COALESCE(NULLIF(btrim(r."nazwa_zamierzenia_bud"::text), ''), NULLIF(btrim(r."nazwa_zam_budowlanego"::text), '')) AS "intended_use",
     CASE WHEN NULLIF(btrim(r."jednosta_numer_ew"::text), '') IS NULL OR NULLIF(btrim(r."obreb_numer"::text), '') IS NULL OR NULLIF(btrim(r."numer_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), $5::text, NULLIF(btrim(r."obreb_numer"::text), ''), $6::text, NULLIF(btrim(r."numer_dzialki"::text), '')) END AS "parcel_ids",
     (SELECT ST_PointOnSurface(p.geom) FROM layer_pub.parcels p WHERE p.id = CASE WHEN NULLIF(btrim(r."jednosta_numer_ew"::text), '') IS NULL OR NULLIF(btrim(r."obreb_numer"::text), '') IS NULL OR NULLIF(btrim(r."numer_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), $7::text, NULLIF(btrim(r."obreb_numer"::text), ''), $8::text, NULLIF(btrim(r."numer_dzialki"::text), '')) END LIMIT 1) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (gunb-permits, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- terytOffLevel
-- $1 = "^([0-9]{7})$"
SELECT teryt, count(*) OVER () AS n FROM (SELECT DISTINCT teryt FROM layer_stage.r12 WHERE teryt IS NOT NULL AND teryt !~ $1) t ORDER BY teryt LIMIT 3;

-- dropUnplaced
WITH gone AS (DELETE FROM layer_stage.r12 WHERE geom IS NULL RETURNING id) SELECT count(*) AS n, (array_agg(COALESCE(id, '(no id)')))[1:3] AS examples FROM gone;

-- drop
DROP TABLE IF EXISTS layer_stage.r12_raw;
