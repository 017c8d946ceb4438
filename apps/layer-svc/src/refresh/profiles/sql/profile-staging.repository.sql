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
     translate(substring(NULLIF(btrim(r."dok_data"::text), '') from 1 for 10), '/', '-') AS "date",
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
CREATE TABLE layer_stage.r12 AS SELECT COALESCE(CASE WHEN NULLIF(btrim(r."tran_lokalny_id_iip"::text), '') IS NULL OR NULLIF(btrim(r."dzi_id_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."tran_lokalny_id_iip"::text), ''), $1::text, NULLIF(btrim(r."dzi_id_dzialki"::text), '')) END, NULLIF(btrim(r."gml_id"::text), '')) AS "id",
     COALESCE($2::text::jsonb ->> NULLIF(btrim(r."nier_rodzaj"::text), ''), NULLIF(btrim(r."nier_rodzaj"::text), '')) AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."dzi_id_dzialki"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) END END AS "teryt",
     translate(substring(NULLIF(btrim(r."dok_data"::text), '') from 1 for 10), '/', '-') AS "date",
     COALESCE($3::text::jsonb ->> NULLIF(btrim(r."nier_rodzaj"::text), ''), NULLIF(btrim(r."nier_rodzaj"::text), '')) AS "property_type",
     COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) AS "price_pln",
     round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
     CASE WHEN COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND round(ST_Area(r.geom)::numeric, 1)::text ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND replace(round(ST_Area(r.geom)::numeric, 1)::text, ',', '.')::numeric > 0
                 THEN round(replace(COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')), ',', '.')::numeric / replace(round(ST_Area(r.geom)::numeric, 1)::text, ',', '.')::numeric, 2)::text END AS "price_per_sqm_pln",
     NULLIF(btrim(r."dzi_id_dzialki"::text), '') AS "parcel_id",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (rcn-transactions, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (rcn-lokale-gpkg, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "{\"pierwotny\":\"primary_market\",\"wtorny\":\"secondary_market\"}"
-- $3 = "{\"pierwotny\":\"primary\",\"wtorny\":\"secondary\"}"
CREATE TABLE layer_stage.r12 AS SELECT COALESCE(CASE WHEN NULLIF(btrim(r."tran_lokalny_id_iip"::text), '') IS NULL OR NULLIF(btrim(r."lok_id_lokalu"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."tran_lokalny_id_iip"::text), ''), $1::text, NULLIF(btrim(r."lok_id_lokalu"::text), '')) END, NULLIF(btrim(r."gml_id"::text), '')) AS "id",
     COALESCE($2::text::jsonb ->> NULLIF(btrim(r."tran_rodzaj_rynku"::text), ''), NULLIF(btrim(r."tran_rodzaj_rynku"::text), '')) AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."lok_id_lokalu"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."lok_id_lokalu"::text), ''), 8, 1) END END AS "teryt",
     translate(substring(NULLIF(btrim(r."dok_data"::text), '') from 1 for 10), '/', '-') AS "date",
     COALESCE(NULLIF(btrim(r."lok_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) AS "price_pln",
     NULLIF(btrim(r."lok_pow_uzyt"::text), '') AS "area_sqm",
     CASE WHEN COALESCE(NULLIF(btrim(r."lok_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND NULLIF(btrim(r."lok_pow_uzyt"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND replace(NULLIF(btrim(r."lok_pow_uzyt"::text), ''), ',', '.')::numeric > 0
                 THEN round(replace(COALESCE(NULLIF(btrim(r."lok_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')), ',', '.')::numeric / replace(NULLIF(btrim(r."lok_pow_uzyt"::text), ''), ',', '.')::numeric, 2)::text END AS "price_per_sqm_pln",
     NULLIF(btrim(r."lok_nr_kond"::text), '') AS "floor",
     NULLIF(btrim(r."lok_liczba_izb"::text), '') AS "rooms",
     COALESCE($3::text::jsonb ->> NULLIF(btrim(r."tran_rodzaj_rynku"::text), ''), NULLIF(btrim(r."tran_rodzaj_rynku"::text), '')) AS "market",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (rcn-lokale-gpkg, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (rcn-transactions-gpkg, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "{\"nieruchomoscGruntowaNiezabudowana\":\"land\",\"nieruchomoscGruntowaZabudowana\":\"building\",\"nieruchomoscBudynkowa\":\"building\",\"nieruchomoscLokalowa\":\"apartment\"}"
-- $3 = "{\"nieruchomoscGruntowaNiezabudowana\":\"land\",\"nieruchomoscGruntowaZabudowana\":\"building\",\"nieruchomoscBudynkowa\":\"building\",\"nieruchomoscLokalowa\":\"apartment\"}"
CREATE TABLE layer_stage.r12 AS SELECT COALESCE(CASE WHEN NULLIF(btrim(r."tran_lokalny_id_iip"::text), '') IS NULL OR NULLIF(btrim(r."dzi_id_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."tran_lokalny_id_iip"::text), ''), $1::text, NULLIF(btrim(r."dzi_id_dzialki"::text), '')) END, NULLIF(btrim(r."gml_id"::text), '')) AS "id",
     COALESCE($2::text::jsonb ->> NULLIF(btrim(r."nier_rodzaj"::text), ''), NULLIF(btrim(r."nier_rodzaj"::text), '')) AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."dzi_id_dzialki"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."dzi_id_dzialki"::text), ''), 8, 1) END END AS "teryt",
     translate(substring(NULLIF(btrim(r."dok_data"::text), '') from 1 for 10), '/', '-') AS "date",
     COALESCE($3::text::jsonb ->> NULLIF(btrim(r."nier_rodzaj"::text), ''), NULLIF(btrim(r."nier_rodzaj"::text), '')) AS "property_type",
     COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) AS "price_pln",
     round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
     CASE WHEN COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')) ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND round(ST_Area(r.geom)::numeric, 1)::text ~ '^[-+]?[0-9]+([.,][0-9]+)?$' AND replace(round(ST_Area(r.geom)::numeric, 1)::text, ',', '.')::numeric > 0
                 THEN round(replace(COALESCE(NULLIF(btrim(r."dzi_cena_brutto"::text), ''), NULLIF(btrim(r."nier_cena_brutto"::text), ''), NULLIF(btrim(r."tran_cena_brutto"::text), '')), ',', '.')::numeric / replace(round(ST_Area(r.geom)::numeric, 1)::text, ',', '.')::numeric, 2)::text END AS "price_per_sqm_pln",
     NULLIF(btrim(r."dzi_id_dzialki"::text), '') AS "parcel_id",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (rcn-transactions-gpkg, every column present) (2 of 2)
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
     translate(substring(NULLIF(btrim(r."obowiazujeOd"::text), '') from 1 for 10), '/', '-') AS "adopted_on",
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
-- $2 = "^[0-9]{6}_[0-9]\\.[0-9]{4}\\.(AR_[0-9]+)\\."
-- $3 = 10000
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "id",
     $1::text AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."ID_DZIALKI"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "parcel_id",
     NULLIF(btrim(r."NUMER_DZIALKI"::text), '') AS "parcel_number",
     NULLIF(substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 13), '') AS "precinct_id",
     substring(NULLIF(btrim(r."ID_DZIALKI"::text), '') from $2::text) AS "map_sheet",
     COALESCE(CASE WHEN NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), ''), ',', '.')::numeric * $3::text::numeric)::text ELSE NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') END, round(ST_Area(r.geom)::numeric, 1)::text) AS "area_sqm",
     NULLIF(btrim(r."KLASOUZYTKI_EGIB"::text), '') AS "land_use_classes",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (egib-parcels, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (egib-parcels-powiat, every column present) (1 of 2)
-- $1 = "parcel"
-- $2 = "^[0-9]{6}_[0-9]\\.[0-9]{4}\\.(AR_[0-9]+)\\."
-- $3 = 10000
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "id",
     $1::text AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."ID_DZIALKI"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."ID_DZIALKI"::text), '') AS "parcel_id",
     NULLIF(btrim(r."NUMER_DZIALKI"::text), '') AS "parcel_number",
     NULLIF(substr(NULLIF(btrim(r."ID_DZIALKI"::text), ''), 1, 13), '') AS "precinct_id",
     substring(NULLIF(btrim(r."ID_DZIALKI"::text), '') from $2::text) AS "map_sheet",
     COALESCE(CASE WHEN NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), ''), ',', '.')::numeric * $3::text::numeric)::text ELSE NULLIF(btrim(r."POLE_EWIDENCYJNE"::text), '') END, round(ST_Area(r.geom)::numeric, 1)::text) AS "area_sqm",
     NULLIF(btrim(r."KLASOUZYTKI_EGIB"::text), '') AS "land_use_classes",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (egib-parcels-powiat, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (egib-parcels-gpkg, every column present) (1 of 2)
-- $1 = "parcel"
-- $2 = 10000
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."id_dzialki"::text), '') AS "id",
     $1::text AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."id_dzialki"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."id_dzialki"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."id_dzialki"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."id_dzialki"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."id_dzialki"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."id_dzialki"::text), '') AS "parcel_id",
     NULLIF(btrim(r."numer_dzialki"::text), '') AS "parcel_number",
     NULLIF(substr(NULLIF(btrim(r."id_dzialki"::text), ''), 1, 13), '') AS "precinct_id",
     COALESCE(CASE WHEN NULLIF(btrim(r."pole_ewidencyjne"::text), '') ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN (replace(NULLIF(btrim(r."pole_ewidencyjne"::text), ''), ',', '.')::numeric * $2::text::numeric)::text ELSE NULLIF(btrim(r."pole_ewidencyjne"::text), '') END, round(ST_Area(r.geom)::numeric, 1)::text) AS "area_sqm",
     NULLIF(btrim(r."klasouzytki_egib"::text), '') AS "land_use_classes",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (egib-parcels-gpkg, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (egib-buildings, every column present) (1 of 2)
-- $1 = "|"
-- $2 = "^(budynki mieszkalne|mieszkalny|m)\\|[12]$"
-- $3 = "single_family"
-- $4 = "^(budynki mieszkalne|mieszkalny|m)\\|"
-- $5 = "multi_family"
-- $6 = "^(budynki przemysłowe|przemyslowy|p)\\|"
-- $7 = "industrial"
-- $8 = "^(budynki handlowo-usługowe|handlowoUslugowy|h)\\|"
-- $9 = "commercial"
-- $10 = "^(budynki biurowe|biurowy|b)\\|"
-- $11 = "office"
-- $12 = "^(zbiorniki, silosy i budynki magazynowe|zbiornikSilosIBudynekMagazynowy|s)\\|"
-- $13 = "warehouse"
-- $14 = "^(budynki produkcyjne, usługowe i gospodarcze dla rolnictwa|produkcyjnoUslugowyIGospodarczy|g)\\|"
-- $15 = "agricultural"
-- $16 = "^(budynki oświaty, nauki i kultury oraz budynki sportowe|oswiatyNaukiIKulturyOrazSportu|k|budynki szpitali i inne budynki opieki zdrowotnej|szpitalaIInneBudynkiOpiekiZdrowotnej|z)\\|"
-- $17 = "public"
-- $18 = "^(budynki transportu i łączności|transportuILacznosci|t|inne budynki niemieszkalne|budynekNiemieszkalny|i)\\|"
-- $19 = "other"
-- $20 = "existing"
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."ID_BUDYNKU"::text), '') AS "id",
     CASE WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $2::text THEN $3::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $4::text THEN $5::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $6::text THEN $7::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $8::text THEN $9::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $10::text THEN $11::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $12::text THEN $13::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $14::text THEN $15::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $16::text THEN $17::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $18::text THEN $19::text ELSE CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END END AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."ID_BUDYNKU"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."ID_BUDYNKU"::text), '') AS "building_id",
     NULLIF(btrim(r."RODZAJ"::text), '') AS "function",
     NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') AS "floors",
     NULLIF(btrim(r."KONDYGNACJE_PODZIEMNE"::text), '') AS "floors_underground",
     round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
     $20::text AS "status",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (egib-buildings, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (egib-buildings-powiat, every column present) (1 of 2)
-- $1 = "|"
-- $2 = "^(budynki mieszkalne|mieszkalny|m)\\|[12]$"
-- $3 = "single_family"
-- $4 = "^(budynki mieszkalne|mieszkalny|m)\\|"
-- $5 = "multi_family"
-- $6 = "^(budynki przemysłowe|przemyslowy|p)\\|"
-- $7 = "industrial"
-- $8 = "^(budynki handlowo-usługowe|handlowoUslugowy|h)\\|"
-- $9 = "commercial"
-- $10 = "^(budynki biurowe|biurowy|b)\\|"
-- $11 = "office"
-- $12 = "^(zbiorniki, silosy i budynki magazynowe|zbiornikSilosIBudynekMagazynowy|s)\\|"
-- $13 = "warehouse"
-- $14 = "^(budynki produkcyjne, usługowe i gospodarcze dla rolnictwa|produkcyjnoUslugowyIGospodarczy|g)\\|"
-- $15 = "agricultural"
-- $16 = "^(budynki oświaty, nauki i kultury oraz budynki sportowe|oswiatyNaukiIKulturyOrazSportu|k|budynki szpitali i inne budynki opieki zdrowotnej|szpitalaIInneBudynkiOpiekiZdrowotnej|z)\\|"
-- $17 = "public"
-- $18 = "^(budynki transportu i łączności|transportuILacznosci|t|inne budynki niemieszkalne|budynekNiemieszkalny|i)\\|"
-- $19 = "other"
-- $20 = "existing"
CREATE TABLE layer_stage.r12 AS SELECT NULLIF(btrim(r."ID_BUDYNKU"::text), '') AS "id",
     CASE WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $2::text THEN $3::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $4::text THEN $5::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $6::text THEN $7::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $8::text THEN $9::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $10::text THEN $11::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $12::text THEN $13::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $14::text THEN $15::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $16::text THEN $17::text WHEN CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END ~ $18::text THEN $19::text ELSE CASE WHEN NULLIF(btrim(r."RODZAJ"::text), '') IS NULL OR NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."RODZAJ"::text), ''), $1::text, NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '')) END END AS "kind",
     NULL::text AS "name",
     CASE WHEN NULLIF(btrim(r."ID_BUDYNKU"::text), '') ~ '^[0-9]{6}_[0-9]' THEN substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 1, 6) ||
            CASE WHEN substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 8, 1) IN ('4', '5') THEN '3' WHEN substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 8, 1) IN ('8', '9') THEN '1' ELSE substr(NULLIF(btrim(r."ID_BUDYNKU"::text), ''), 8, 1) END END AS "teryt",
     NULLIF(btrim(r."ID_BUDYNKU"::text), '') AS "building_id",
     NULLIF(btrim(r."RODZAJ"::text), '') AS "function",
     NULLIF(btrim(r."KONDYGNACJE_NADZIEMNE"::text), '') AS "floors",
     NULLIF(btrim(r."KONDYGNACJE_PODZIEMNE"::text), '') AS "floors_underground",
     round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
     $20::text AS "status",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (egib-buildings-powiat, every column present) (2 of 2)
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

-- createMapped (isok-flood-hazard, every column present) (1 of 2)
-- $1 = "."
-- $2 = "wał"
-- $3 = "flood_embankment_failure"
-- $4 = "(^|[^0-9,.])10 ?%"
-- $5 = "flood_risk_10pct"
-- $6 = "0[,.]2 ?%"
-- $7 = "flood_risk_02pct"
-- $8 = "(^|[^0-9,.])1 ?%"
-- $9 = "flood_risk_1pct"
-- $10 = "wał"
-- $11 = "1"
-- $12 = "(^|[^0-9,.])10 ?%"
-- $13 = "10"
-- $14 = "0[,.]2 ?%"
-- $15 = "0.2"
-- $16 = "(^|[^0-9,.])1 ?%"
-- $17 = "1"
CREATE TABLE layer_stage.r12 AS SELECT COALESCE(CASE WHEN NULLIF(btrim(r."namespace"::text), '') IS NULL OR NULLIF(btrim(r."localId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."namespace"::text), ''), $1::text, NULLIF(btrim(r."localId"::text), '')) END, NULLIF(btrim(r."gml_id"::text), '')) AS "id",
     CASE WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $2::text THEN $3::text WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $4::text THEN $5::text WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $6::text THEN $7::text WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $8::text THEN $9::text ELSE NULLIF(btrim(r."qualitativeLikelihood"::text), '') END AS "kind",
     NULLIF(btrim(r."qualitativeLikelihood"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."localId"::text), '') AS "code",
     CASE WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $10::text THEN $11::text WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $12::text THEN $13::text WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $14::text THEN $15::text WHEN NULLIF(btrim(r."qualitativeLikelihood"::text), '') ~ $16::text THEN $17::text ELSE NULLIF(btrim(r."qualitativeLikelihood"::text), '') END AS "probability_pct",
     round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (isok-flood-hazard, every column present) (2 of 2)
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
     translate(substring(NULLIF(btrim(r."data_wydania_decyzji"::text), '') from 1 for 10), '/', '-') AS "decided_on",
     NULLIF(btrim(r."nazwa_organu"::text), '') AS "authority",
     NULLIF(btrim(r."kategoria"::text), '') AS "building_category",
     COALESCE(NULLIF(btrim(r."nazwa_zamierzenia_bud"::text), ''), NULLIF(btrim(r."nazwa_zam_budowlanego"::text), '')) AS "intended_use",
     CASE WHEN NULLIF(btrim(r."jednosta_numer_ew"::text), '') IS NULL OR NULLIF(btrim(r."obreb_numer"::text), '') IS NULL OR NULLIF(btrim(r."numer_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), $5::text, NULLIF(btrim(r."obreb_numer"::text), ''), $6::text, NULLIF(btrim(r."numer_dzialki"::text), '')) END AS "parcel_ids",
     (SELECT ST_PointOnSurface(p.geom) FROM layer_pub.parcels p WHERE p.id = CASE WHEN NULLIF(btrim(r."jednosta_numer_ew"::text), '') IS NULL OR NULLIF(btrim(r."obreb_numer"::text), '') IS NULL OR NULLIF(btrim(r."numer_dzialki"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."jednosta_numer_ew"::text), ''), $7::text, NULLIF(btrim(r."obreb_numer"::text), ''), $8::text, NULLIF(btrim(r."numer_dzialki"::text), '')) END LIMIT 1) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (gunb-permits, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (bdot10k-roads, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "^autostrada$"
-- $3 = "motorway"
-- $4 = "^droga ekspresowa$"
-- $5 = "expressway"
-- $6 = "^droga główna ruchu przy[sś]pieszonego$"
-- $7 = "trunk"
-- $8 = "^droga główna$"
-- $9 = "main"
-- $10 = "^droga zbiorcza$"
-- $11 = "collective"
-- $12 = "^droga lokalna$"
-- $13 = "local"
-- $14 = "^droga dojazdowa$"
-- $15 = "access"
-- $16 = "^(droga )?wewnętrzna$"
-- $17 = "internal"
-- $18 = "{\"krajowa\":\"national\",\"wojewódzka\":\"voivodeship\",\"powiatowa\":\"powiat\",\"gminna\":\"gmina\",\"wewnętrzna\":\"internal\"}"
-- $19 = "^(grunt|żwir|tłuczeń|piasek)"
-- $20 = "unpaved"
-- $21 = "."
-- $22 = "paved"
-- $23 = "^(projektowany|w budowie|nieczynny|zniszczony)$"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."przestrzenNazw"::text), '') IS NULL OR NULLIF(btrim(r."lokalnyId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przestrzenNazw"::text), ''), $1::text, NULLIF(btrim(r."lokalnyId"::text), '')) END AS "id",
      CASE WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $2::text THEN $3::text WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $4::text THEN $5::text WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $6::text THEN $7::text WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $8::text THEN $9::text WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $10::text THEN $11::text WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $12::text THEN $13::text WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $14::text THEN $15::text WHEN COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) ~ $16::text THEN $17::text ELSE COALESCE(NULLIF(btrim(r."klasaDrogi"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) END AS "kind",
      NULL::text AS "name",
      NULL::text AS "teryt",
      NULLIF(btrim(r."numerDrogi"::text), '') AS "road_number",
      COALESCE($18::text::jsonb ->> NULLIF(btrim(r."kategoriaZarzadzania"::text), ''), NULLIF(btrim(r."kategoriaZarzadzania"::text), '')) AS "road_category",
      CASE WHEN NULLIF(btrim(r."materialNawierzchni"::text), '') ~ $19::text THEN $20::text WHEN NULLIF(btrim(r."materialNawierzchni"::text), '') ~ $21::text THEN $22::text ELSE NULLIF(btrim(r."materialNawierzchni"::text), '') END AS "surface",
      r.geom AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(NULLIF(btrim(r."kategoriaIstnienia"::text), '') ~ $23::text, false);

-- createMapped (bdot10k-roads, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (bdot10k-waterways, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "|"
-- $3 = "__OT_SWKN_L"
-- $4 = "canal"
-- $5 = "__OT_SWRM_L"
-- $6 = "drainage_ditch"
-- $7 = "__OT_SWRS_L\\|(strumień|potok)"
-- $8 = "stream"
-- $9 = "__OT_SWRS_L"
-- $10 = "river"
-- $11 = "^(projektowany|w budowie|nieczynny|zniszczony)$"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."przestrzenNazw"::text), '') IS NULL OR NULLIF(btrim(r."lokalnyId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przestrzenNazw"::text), ''), $1::text, NULLIF(btrim(r."lokalnyId"::text), '')) END AS "id",
      CASE WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $3::text THEN $4::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $5::text THEN $6::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $7::text THEN $8::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $9::text THEN $10::text ELSE COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) END AS "kind",
      COALESCE(NULLIF(btrim(r."nazwaGeograficzna"::text), ''), NULLIF(btrim(r."nazwa"::text), '')) AS "name",
      NULL::text AS "teryt",
      NULLIF(btrim(r."idMPHP"::text), '') AS "mphp_id",
      r.geom AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(NULLIF(btrim(r."kategoriaIstnienia"::text), '') ~ $11::text, false);

-- createMapped (bdot10k-waterways, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (bdot10k-land-cover, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "|"
-- $3 = "__OT_PTTR_A\\|uprawa na gruntach ornych"
-- $4 = "arable"
-- $5 = "__OT_PTTR_A"
-- $6 = "grassland"
-- $7 = "__OT_PTLZ_A"
-- $8 = "forest"
-- $9 = "__OT_PTUT_A"
-- $10 = "orchard"
-- $11 = "__OT_PTWP_A"
-- $12 = "water"
-- $13 = "__OT_PTZB_A"
-- $14 = "built_up"
-- $15 = "__OT_PTKM_A"
-- $16 = "built_up"
-- $17 = "__OT_PTPL_A"
-- $18 = "built_up"
-- $19 = "__OT_PTRK_A"
-- $20 = "shrubland"
-- $21 = "__OT_PTWZ_A"
-- $22 = "wetland"
-- $23 = "__OT_PTGN_A"
-- $24 = "bare_ground"
-- $25 = "__OT_PTSO_A"
-- $26 = "bare_ground"
-- $27 = "__OT_PTNZ_A"
-- $28 = "bare_ground"
-- $29 = "__OT_PTLZ_A$"
-- $30 = "PTLZ"
-- $31 = "__OT_PTUT_A$"
-- $32 = "PTUT"
-- $33 = "__OT_PTWP_A$"
-- $34 = "PTWP"
-- $35 = "__OT_PTZB_A$"
-- $36 = "PTZB"
-- $37 = "__OT_PTKM_A$"
-- $38 = "PTKM"
-- $39 = "__OT_PTPL_A$"
-- $40 = "PTPL"
-- $41 = "__OT_PTRK_A$"
-- $42 = "PTRK"
-- $43 = "__OT_PTWZ_A$"
-- $44 = "PTWZ"
-- $45 = "__OT_PTGN_A$"
-- $46 = "PTGN"
-- $47 = "__OT_PTSO_A$"
-- $48 = "PTSO"
-- $49 = "__OT_PTNZ_A$"
-- $50 = "PTNZ"
-- $51 = "__OT_PTTR_A$"
-- $52 = "PTTR"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."przestrzenNazw"::text), '') IS NULL OR NULLIF(btrim(r."lokalnyId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przestrzenNazw"::text), ''), $1::text, NULLIF(btrim(r."lokalnyId"::text), '')) END AS "id",
     CASE WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $3::text THEN $4::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $5::text THEN $6::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $7::text THEN $8::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $9::text THEN $10::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $11::text THEN $12::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $13::text THEN $14::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $15::text THEN $16::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $17::text THEN $18::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $19::text THEN $20::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $21::text THEN $22::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $23::text THEN $24::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $25::text THEN $26::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) ~ $27::text THEN $28::text ELSE COALESCE(CASE WHEN NULLIF(btrim(r."_layer"::text), '') IS NULL OR NULLIF(btrim(r."rodzaj"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."_layer"::text), ''), $2::text, NULLIF(btrim(r."rodzaj"::text), '')) END, NULLIF(btrim(r."_layer"::text), '')) END AS "kind",
     NULL::text AS "name",
     NULL::text AS "teryt",
     CASE WHEN NULLIF(btrim(r."_layer"::text), '') ~ $29::text THEN $30::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $31::text THEN $32::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $33::text THEN $34::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $35::text THEN $36::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $37::text THEN $38::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $39::text THEN $40::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $41::text THEN $42::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $43::text THEN $44::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $45::text THEN $46::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $47::text THEN $48::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $49::text THEN $50::text WHEN NULLIF(btrim(r."_layer"::text), '') ~ $51::text THEN $52::text ELSE NULLIF(btrim(r."_layer"::text), '') END AS "class_code",
     round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (bdot10k-land-cover, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (bdot10k-buildings, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "|"
-- $3 = "|"
-- $4 = "^budynek jednorodzinny\\|"
-- $5 = "single_family"
-- $6 = "^(budynek wielorodzinny|budynek zbiorowego zamieszkania)\\|"
-- $7 = "multi_family"
-- $8 = "^garaż\\|"
-- $9 = "garage"
-- $10 = "\\|budynki mieszkalne$"
-- $11 = "single_family"
-- $12 = "\\|budynki biurowe$"
-- $13 = "office"
-- $14 = "\\|budynki handlowo-usługowe$"
-- $15 = "commercial"
-- $16 = "\\|budynki przemysłowe$"
-- $17 = "industrial"
-- $18 = "\\|zbiorniki, silosy i budynki magazynowe$"
-- $19 = "warehouse"
-- $20 = "\\|budynki produkcyjne, usługowe i gospodarcze dla rolnictwa$"
-- $21 = "agricultural"
-- $22 = "\\|budynki (oświaty, nauki i kultury oraz budynki sportowe|szpitali i inne budynki opieki zdrowotnej)$"
-- $23 = "public"
-- $24 = "\\|"
-- $25 = "other"
-- $26 = "{\"eksploatowany\":\"existing\",\"w budowie\":\"under_construction\"}"
-- $27 = "^(projektowany|nieczynny|zniszczony)$"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."przestrzenNazw"::text), '') IS NULL OR NULLIF(btrim(r."lokalnyId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przestrzenNazw"::text), ''), $1::text, NULLIF(btrim(r."lokalnyId"::text), '')) END AS "id",
      CASE WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $4::text THEN $5::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $6::text THEN $7::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $8::text THEN $9::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $10::text THEN $11::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $12::text THEN $13::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $14::text THEN $15::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $16::text THEN $17::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $18::text THEN $19::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $20::text THEN $21::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $22::text THEN $23::text WHEN COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) ~ $24::text THEN $25::text ELSE COALESCE(CASE WHEN NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), '') IS NULL OR NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przewazajacaFunkcjaBudynku"::text), ''), $2::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END, CASE WHEN NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') IS NULL THEN NULL ELSE concat($3::text, NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '')) END) END AS "kind",
      NULLIF(btrim(r."nazwa"::text), '') AS "name",
      NULL::text AS "teryt",
      NULLIF(btrim(r."identyfikatorEGiB"::text), '') AS "building_id",
      NULLIF(btrim(r."funkcjaOgolnaBudynku"::text), '') AS "function",
      NULLIF(btrim(r."liczbaKondygnacji"::text), '') AS "floors",
      round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
      COALESCE($26::text::jsonb ->> NULLIF(btrim(r."kategoriaIstnienia"::text), ''), NULLIF(btrim(r."kategoriaIstnienia"::text), '')) AS "status",
      r.geom AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(NULLIF(btrim(r."kategoriaIstnienia"::text), '') ~ $27::text, false);

-- createMapped (bdot10k-buildings, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (bdot10k-power-lines, every column present) (1 of 2)
-- $1 = "/"
-- $2 = "najwyższego napięcia$"
-- $3 = "ehv_line"
-- $4 = "wysokiego napięcia$"
-- $5 = "hv_line"
-- $6 = "średniego napięcia$"
-- $7 = "mv_line"
-- $8 = "najwyższego napięcia$"
-- $9 = "220"
-- $10 = "wysokiego napięcia$"
-- $11 = "110"
-- $12 = "średniego napięcia$"
-- $13 = "15"
-- $14 = "(niskiego napięcia|telekomunikacyjna)$"
-- $15 = "^(projektowany|w budowie|nieczynny|zniszczony)$"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULLIF(btrim(r."przestrzenNazw"::text), '') IS NULL OR NULLIF(btrim(r."lokalnyId"::text), '') IS NULL THEN NULL ELSE concat(NULLIF(btrim(r."przestrzenNazw"::text), ''), $1::text, NULLIF(btrim(r."lokalnyId"::text), '')) END AS "id",
      CASE WHEN NULLIF(btrim(r."rodzaj"::text), '') ~ $2::text THEN $3::text WHEN NULLIF(btrim(r."rodzaj"::text), '') ~ $4::text THEN $5::text WHEN NULLIF(btrim(r."rodzaj"::text), '') ~ $6::text THEN $7::text ELSE NULLIF(btrim(r."rodzaj"::text), '') END AS "kind",
      NULL::text AS "name",
      NULL::text AS "teryt",
      CASE WHEN NULLIF(btrim(r."rodzaj"::text), '') ~ $8::text THEN $9::text WHEN NULLIF(btrim(r."rodzaj"::text), '') ~ $10::text THEN $11::text WHEN NULLIF(btrim(r."rodzaj"::text), '') ~ $12::text THEN $13::text ELSE NULLIF(btrim(r."rodzaj"::text), '') END AS "voltage_kv",
      r.geom AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(NULLIF(btrim(r."rodzaj"::text), '') ~ $14::text, false) AND NOT COALESCE(NULLIF(btrim(r."kategoriaIstnienia"::text), '') ~ $15::text, false);

-- createMapped (bdot10k-power-lines, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-power-substations, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = 0.001
-- $3 = "{}"
-- $4 = 220
-- $5 = "ehv_substation"
-- $6 = 60
-- $7 = "hv_substation"
-- $8 = 1
-- $9 = "mv_substation"
-- $10 = 0.001
-- $11 = "{}"
-- $12 = 0.001
-- $13 = "{}"
-- $14 = 0.001
-- $15 = "{}"
-- $16 = "none"
-- $17 = "^(none|0(\\.[0-9]+)?)$"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                       WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
      (SELECT CASE WHEN b.x ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN CASE WHEN replace(b.x, ',', '.')::numeric >= $4::text::numeric THEN $5::text WHEN replace(b.x, ',', '.')::numeric >= $6::text::numeric THEN $7::text WHEN replace(b.x, ',', '.')::numeric >= $8::text::numeric THEN $9::text END END FROM (SELECT (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($3::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $2::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS x) b) AS "kind",
      NULLIF(btrim(r."name"::text), '') AS "name",
      NULL::text AS "teryt",
      (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($11::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $10::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS "voltage_kv",
      (SELECT string_agg(trim_scale(v)::text, '/' ORDER BY v DESC) FROM (SELECT DISTINCT v FROM (SELECT COALESCE(($13::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $12::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n WHERE v IS NOT NULL) d) AS "voltages",
      NULLIF(btrim(r."operator"::text), '') AS "operator",
      CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                       WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
      ST_PointOnSurface(r.geom) AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(COALESCE((SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($15::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $14::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n), $16::text) ~ $17::text, false);

-- createMapped (osm-power-substations, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-power-lines, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "|"
-- $3 = 0.001
-- $4 = "{}"
-- $5 = 220
-- $6 = "ehv"
-- $7 = 60
-- $8 = "hv"
-- $9 = 1
-- $10 = "mv"
-- $11 = "^cable\\|mv$"
-- $12 = "mv_cable"
-- $13 = "\\|ehv$"
-- $14 = "ehv_line"
-- $15 = "\\|hv$"
-- $16 = "hv_line"
-- $17 = "\\|mv$"
-- $18 = "mv_line"
-- $19 = 0.001
-- $20 = "{}"
-- $21 = 1
-- $22 = "{}"
-- $23 = 0.001
-- $24 = "{}"
-- $25 = "none"
-- $26 = "^(none|0(\\.[0-9]+)?)$"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                       WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
      CASE WHEN NULLIF(concat_ws($2::text, NULLIF(btrim(r."power"::text), ''), (SELECT CASE WHEN b.x ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN CASE WHEN replace(b.x, ',', '.')::numeric >= $5::text::numeric THEN $6::text WHEN replace(b.x, ',', '.')::numeric >= $7::text::numeric THEN $8::text WHEN replace(b.x, ',', '.')::numeric >= $9::text::numeric THEN $10::text END END FROM (SELECT (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($4::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $3::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS x) b)), '') ~ $11::text THEN $12::text WHEN NULLIF(concat_ws($2::text, NULLIF(btrim(r."power"::text), ''), (SELECT CASE WHEN b.x ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN CASE WHEN replace(b.x, ',', '.')::numeric >= $5::text::numeric THEN $6::text WHEN replace(b.x, ',', '.')::numeric >= $7::text::numeric THEN $8::text WHEN replace(b.x, ',', '.')::numeric >= $9::text::numeric THEN $10::text END END FROM (SELECT (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($4::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $3::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS x) b)), '') ~ $13::text THEN $14::text WHEN NULLIF(concat_ws($2::text, NULLIF(btrim(r."power"::text), ''), (SELECT CASE WHEN b.x ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN CASE WHEN replace(b.x, ',', '.')::numeric >= $5::text::numeric THEN $6::text WHEN replace(b.x, ',', '.')::numeric >= $7::text::numeric THEN $8::text WHEN replace(b.x, ',', '.')::numeric >= $9::text::numeric THEN $10::text END END FROM (SELECT (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($4::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $3::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS x) b)), '') ~ $15::text THEN $16::text WHEN NULLIF(concat_ws($2::text, NULLIF(btrim(r."power"::text), ''), (SELECT CASE WHEN b.x ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN CASE WHEN replace(b.x, ',', '.')::numeric >= $5::text::numeric THEN $6::text WHEN replace(b.x, ',', '.')::numeric >= $7::text::numeric THEN $8::text WHEN replace(b.x, ',', '.')::numeric >= $9::text::numeric THEN $10::text END END FROM (SELECT (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($4::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $3::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS x) b)), '') ~ $17::text THEN $18::text ELSE NULL::text END AS "kind",
      COALESCE(NULLIF(btrim(r."name"::text), ''), NULLIF(btrim(r."ref"::text), '')) AS "name",
      NULL::text AS "teryt",
      (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($20::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $19::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS "voltage_kv",
      (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($22::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $21::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."circuits"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS "circuits",
      NULLIF(btrim(r."operator"::text), '') AS "operator",
      CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                       WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
      r.geom AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(COALESCE((SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($24::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $23::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."voltage"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n), $25::text) ~ $26::text, false);

-- createMapped (osm-power-lines, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-ev-chargers, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "|"
-- $3 = ";"
-- $4 = 1
-- $5 = "{\"kw\":1,\"w\":0.001}"
-- $6 = 150
-- $7 = "hpc"
-- $8 = "\\|hpc$"
-- $9 = "hpc"
-- $10 = "."
-- $11 = "dc_fast"
-- $12 = "ac"
-- $13 = ";"
-- $14 = 1
-- $15 = "{\"kw\":1,\"w\":0.001}"
-- $16 = 1
-- $17 = "{}"
-- $18 = ","
-- $19 = "."
-- $20 = "Type2"
-- $21 = "."
-- $22 = "CCS"
-- $23 = "."
-- $24 = "CHAdeMO"
-- $25 = "^(yes|public|permissive)$"
-- $26 = "true"
-- $27 = "^(no|private|customers|permit|limited)$"
-- $28 = "false"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     COALESCE(CASE WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."socket:type2_combo"::text), ''), NULLIF(btrim(r."socket:chademo"::text), '')), (SELECT CASE WHEN b.x ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN CASE WHEN replace(b.x, ',', '.')::numeric >= $6::text::numeric THEN $7::text END END FROM (SELECT (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($5::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $4::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                    FROM regexp_split_to_table(NULLIF(concat_ws($3::text, NULLIF(btrim(r."socket:type2_combo:output"::text), ''), NULLIF(btrim(r."socket:chademo:output"::text), '')), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                   WHERE m IS NOT NULL) n) AS x) b)), '') ~ $8::text THEN $9::text WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."socket:type2_combo"::text), ''), NULLIF(btrim(r."socket:chademo"::text), '')), (SELECT CASE WHEN b.x ~ '^[-+]?[0-9]+([.,][0-9]+)?$' THEN CASE WHEN replace(b.x, ',', '.')::numeric >= $6::text::numeric THEN $7::text END END FROM (SELECT (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($5::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $4::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                    FROM regexp_split_to_table(NULLIF(concat_ws($3::text, NULLIF(btrim(r."socket:type2_combo:output"::text), ''), NULLIF(btrim(r."socket:chademo:output"::text), '')), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                   WHERE m IS NOT NULL) n) AS x) b)), '') ~ $10::text THEN $11::text ELSE NULL::text END, $12::text) AS "kind",
     NULL::text AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."operator"::text), '') AS "operator",
     (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($15::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $14::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                    FROM regexp_split_to_table(NULLIF(concat_ws($13::text, NULLIF(btrim(r."socket:type2:output"::text), ''), NULLIF(btrim(r."socket:type2_combo:output"::text), ''), NULLIF(btrim(r."socket:chademo:output"::text), '')), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                   WHERE m IS NOT NULL) n) AS "max_power_kw",
     (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($17::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $16::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                    FROM regexp_split_to_table(NULLIF(btrim(r."capacity"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                   WHERE m IS NOT NULL) n) AS "charging_points",
     NULLIF(concat_ws($18::text, CASE WHEN NULLIF(btrim(r."socket:type2"::text), '') ~ $19::text THEN $20::text ELSE NULLIF(btrim(r."socket:type2"::text), '') END, CASE WHEN NULLIF(btrim(r."socket:type2_combo"::text), '') ~ $21::text THEN $22::text ELSE NULLIF(btrim(r."socket:type2_combo"::text), '') END, CASE WHEN NULLIF(btrim(r."socket:chademo"::text), '') ~ $23::text THEN $24::text ELSE NULLIF(btrim(r."socket:chademo"::text), '') END), '') AS "connectors",
     CASE WHEN NULLIF(btrim(r."access"::text), '') ~ $25::text THEN $26::text WHEN NULLIF(btrim(r."access"::text), '') ~ $27::text THEN $28::text ELSE NULL::text END AS "public_access",
     CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-ev-chargers, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-data-centers, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "|"
-- $3 = ""
-- $4 = ""
-- $5 = "(?i)^(google|microsoft|amazon|aws|oracle)"
-- $6 = "hyperscale"
-- $7 = "\\|private$"
-- $8 = "enterprise"
-- $9 = "colocation"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     CASE WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."operator"::text), ''), $3::text), COALESCE(NULLIF(btrim(r."access"::text), ''), $4::text)), '') ~ $5::text THEN $6::text WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."operator"::text), ''), $3::text), COALESCE(NULLIF(btrim(r."access"::text), ''), $4::text)), '') ~ $7::text THEN $8::text ELSE $9::text END AS "kind",
     NULLIF(btrim(r."name"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."operator"::text), '') AS "operator",
     CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-data-centers, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-services-poi, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "{\"school\":\"school\",\"kindergarten\":\"kindergarten\",\"childcare\":\"nursery\",\"university\":\"university\",\"college\":\"university\",\"clinic\":\"clinic\",\"hospital\":\"hospital\",\"pharmacy\":\"pharmacy\",\"post_office\":\"post_office\",\"bank\":\"bank\",\"fire_station\":\"fire_station\",\"police\":\"police\",\"library\":\"library\",\"supermarket\":\"supermarket\",\"convenience\":\"shop\",\"sports_centre\":\"sports_centre\"}"
-- $3 = "{\"school\":\"school\",\"kindergarten\":\"kindergarten\",\"childcare\":\"nursery\",\"university\":\"university\",\"college\":\"university\",\"clinic\":\"clinic\",\"hospital\":\"hospital\",\"pharmacy\":\"pharmacy\",\"post_office\":\"post_office\",\"bank\":\"bank\",\"fire_station\":\"fire_station\",\"police\":\"police\",\"library\":\"library\",\"supermarket\":\"supermarket\",\"convenience\":\"shop\",\"sports_centre\":\"sports_centre\"}"
-- $4 = "{\"school\":\"school\",\"kindergarten\":\"kindergarten\",\"childcare\":\"nursery\",\"university\":\"university\",\"college\":\"university\",\"clinic\":\"clinic\",\"hospital\":\"hospital\",\"pharmacy\":\"pharmacy\",\"post_office\":\"post_office\",\"bank\":\"bank\",\"fire_station\":\"fire_station\",\"police\":\"police\",\"library\":\"library\",\"supermarket\":\"supermarket\",\"convenience\":\"shop\",\"sports_centre\":\"sports_centre\"}"
-- $5 = "^(public|government|municipal)$"
-- $6 = "true"
-- $7 = "^(private|private_non_profit|religious|business)$"
-- $8 = "false"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     COALESCE(COALESCE($2::text::jsonb ->> NULLIF(btrim(r."amenity"::text), ''), NULL::text), COALESCE($3::text::jsonb ->> NULLIF(btrim(r."shop"::text), ''), NULL::text), COALESCE($4::text::jsonb ->> NULLIF(btrim(r."leisure"::text), ''), NULL::text)) AS "kind",
     NULLIF(btrim(r."name"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."operator"::text), '') AS "operator",
     CASE WHEN NULLIF(btrim(r."operator:type"::text), '') ~ $5::text THEN $6::text WHEN NULLIF(btrim(r."operator:type"::text), '') ~ $7::text THEN $8::text ELSE NULL::text END AS "public",
     NULLIF(btrim(r."ref:rspo"::text), '') AS "register_id",
     CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-services-poi, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-transport-stops, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "|"
-- $3 = ""
-- $4 = ""
-- $5 = ""
-- $6 = "^bus_stop\\|"
-- $7 = "bus"
-- $8 = "\\|tram_stop\\|"
-- $9 = "tram"
-- $10 = "\\|station\\|subway$"
-- $11 = "metro"
-- $12 = "\\|(station|halt)\\|"
-- $13 = "rail"
-- $14 = "\\s*;\\s*"
-- $15 = ","
-- $16 = "^(yes|public|permissive)$"
-- $17 = "true"
-- $18 = "^(no|private|customers|permit|limited)$"
-- $19 = "false"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     CASE WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."highway"::text), ''), $3::text), COALESCE(NULLIF(btrim(r."railway"::text), ''), $4::text), COALESCE(NULLIF(btrim(r."station"::text), ''), $5::text)), '') ~ $6::text THEN $7::text WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."highway"::text), ''), $3::text), COALESCE(NULLIF(btrim(r."railway"::text), ''), $4::text), COALESCE(NULLIF(btrim(r."station"::text), ''), $5::text)), '') ~ $8::text THEN $9::text WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."highway"::text), ''), $3::text), COALESCE(NULLIF(btrim(r."railway"::text), ''), $4::text), COALESCE(NULLIF(btrim(r."station"::text), ''), $5::text)), '') ~ $10::text THEN $11::text WHEN NULLIF(concat_ws($2::text, COALESCE(NULLIF(btrim(r."highway"::text), ''), $3::text), COALESCE(NULLIF(btrim(r."railway"::text), ''), $4::text), COALESCE(NULLIF(btrim(r."station"::text), ''), $5::text)), '') ~ $12::text THEN $13::text ELSE NULL::text END AS "kind",
     NULLIF(btrim(r."name"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."operator"::text), '') AS "operator",
     regexp_replace(NULLIF(btrim(r."route_ref"::text), ''), $14::text, $15::text, 'g') AS "routes",
     CASE WHEN NULLIF(btrim(r."wheelchair"::text), '') ~ $16::text THEN $17::text WHEN NULLIF(btrim(r."wheelchair"::text), '') ~ $18::text THEN $19::text ELSE NULL::text END AS "wheelchair",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-transport-stops, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-planned-roads, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "^A ?[0-9]"
-- $3 = "motorway"
-- $4 = "^S ?[0-9]"
-- $5 = "expressway"
-- $6 = "{\"motorway\":\"motorway\",\"trunk\":\"national_road\",\"primary\":\"national_road\",\"secondary\":\"voivodeship_road\",\"tertiary\":\"local_road\",\"unclassified\":\"local_road\",\"residential\":\"local_road\"}"
-- $7 = "{\"construction\":\"under_construction\",\"proposed\":\"planned\"}"
-- $8 = "^([0-9]{4})"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     CASE WHEN NULLIF(btrim(r."ref"::text), '') ~ $2::text THEN $3::text WHEN NULLIF(btrim(r."ref"::text), '') ~ $4::text THEN $5::text ELSE COALESCE($6::text::jsonb ->> COALESCE(NULLIF(btrim(r."construction"::text), ''), NULLIF(btrim(r."proposed"::text), '')), NULL::text) END AS "kind",
     NULLIF(btrim(r."name"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."ref"::text), '') AS "road_number",
     COALESCE($7::text::jsonb ->> NULLIF(btrim(r."highway"::text), ''), NULLIF(btrim(r."highway"::text), '')) AS "status",
     NULLIF(substring(NULLIF(btrim(r."opening_date"::text), '') from $8::text), '') AS "expected_completion_year",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-planned-roads, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-hydrants, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = ":"
-- $3 = "{\"water_tank\":\"water_tank\",\"suction_point\":\"suction_point\"}"
-- $4 = "{\"fire_hydrant:pillar\":\"pillar_hydrant\",\"fire_hydrant:underground\":\"underground_hydrant\",\"water_tank\":\"water_tank\",\"suction_point\":\"suction_point\"}"
-- $5 = 1
-- $6 = "{\"mm\":1}"
-- $7 = 1
-- $8 = "{\"m\":1,\"l\":0.001}"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     COALESCE($4::text::jsonb ->> NULLIF(concat_ws($2::text, NULLIF(btrim(r."emergency"::text), ''), NULLIF(btrim(r."fire_hydrant:type"::text), '')), ''), COALESCE($3::text::jsonb ->> NULLIF(btrim(r."emergency"::text), ''), NULL::text)) AS "kind",
     NULL::text AS "name",
     NULL::text AS "teryt",
     (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($6::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $5::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                    FROM regexp_split_to_table(NULLIF(btrim(r."fire_hydrant:diameter"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                   WHERE m IS NOT NULL) n) AS "diameter_mm",
     (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($8::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $7::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                    FROM regexp_split_to_table(NULLIF(btrim(r."water_volume"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                   WHERE m IS NOT NULL) n) AS "volume_m3",
     NULLIF(btrim(r."operator"::text), '') AS "operator",
     CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-hydrants, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-industrial-areas, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "industrial_land"
-- $3 = "{\"warehouse\":\"storage_land\",\"logistics\":\"storage_land\",\"depot\":\"storage_land\",\"storage\":\"storage_land\"}"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     COALESCE($3::text::jsonb ->> NULLIF(btrim(r."industrial"::text), ''), $2::text) AS "kind",
     NULLIF(btrim(r."name"::text), '') AS "name",
     NULL::text AS "teryt",
     NULLIF(btrim(r."operator"::text), '') AS "operator",
     round(ST_Area(r.geom)::numeric, 1)::text AS "area_sqm",
     CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
     r.geom AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-industrial-areas, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (osm-oze-installations, every column present) (1 of 2)
-- $1 = "osm:"
-- $2 = "{\"solar\":\"solar\",\"wind\":\"wind\",\"biogas\":\"biogas\",\"hydro\":\"hydro\",\"biomass\":\"biomass\"}"
-- $3 = 1
-- $4 = "{\"gw\":1000,\"mw\":1,\"kw\":0.001,\"kwp\":0.001,\"mwp\":1}"
-- $5 = "^([0-9]{4}-[0-9]{2}-[0-9]{2})"
CREATE TABLE layer_stage.r12 AS SELECT $1::text || CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "id",
     COALESCE($2::text::jsonb ->> COALESCE(NULLIF(btrim(r."plant:source"::text), ''), NULLIF(btrim(r."generator:source"::text), '')), NULL::text) AS "kind",
     NULLIF(btrim(r."name"::text), '') AS "name",
     NULL::text AS "teryt",
     (SELECT trim_scale(sum(v))::text FROM (SELECT COALESCE(($4::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $3::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                    FROM regexp_split_to_table(COALESCE(NULLIF(btrim(r."plant:output:electricity"::text), ''), NULLIF(btrim(r."generator:output:electricity"::text), '')), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                   WHERE m IS NOT NULL) n) AS "capacity_mw",
     NULLIF(substring(NULLIF(btrim(r."start_date"::text), '') from $5::text), '') AS "commissioned_on",
     NULLIF(btrim(r."operator"::text), '') AS "operator",
     CASE r._layer WHEN 'points' THEN 'node/' || NULLIF(btrim(r."osm_id"::text), '') WHEN 'lines' THEN 'way/' || NULLIF(btrim(r."osm_id"::text), '')
                      WHEN 'multipolygons' THEN COALESCE('way/' || NULLIF(btrim(r."osm_way_id"::text), ''), 'relation/' || NULLIF(btrim(r."osm_id"::text), '')) ELSE 'relation/' || NULLIF(btrim(r."osm_id"::text), '') END AS "osm_id",
     ST_PointOnSurface(r.geom) AS geom
FROM layer_stage.r12_raw r;

-- createMapped (osm-oze-installations, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- createMapped (grid-capacity-energa, every column present) (1 of 2)
-- $1 = "energa-operator/"
-- $2 = "hv_node"
-- $3 = 1
-- $4 = "{}"
-- $5 = "110"
-- $6 = "ENERGA-OPERATOR S.A."
-- $7 = "{\"Gdańsk\":\"22\",\"Koszalin\":\"32,22\",\"Słupsk\":\"22,32\",\"Olsztyn\":\"28,14\",\"Elbląg\":\"28,22\",\"Toruń\":\"04,22,14\",\"Płock\":\"14,10,04\",\"Kalisz\":\"30,10,24,02\"}"
-- $8 = "110"
-- $9 = "{\"Gdańsk\":\"22\",\"Koszalin\":\"32,22\",\"Słupsk\":\"22,32\",\"Olsztyn\":\"28,14\",\"Elbląg\":\"28,22\",\"Toruń\":\"04,22,14\",\"Płock\":\"14,10,04\",\"Kalisz\":\"30,10,24,02\"}"
-- $10 = "110"
-- $11 = 1
-- $12 = "{}"
-- $13 = "none"
-- $14 = "^none$"
CREATE TABLE layer_stage.r12 AS SELECT CASE WHEN NULL::text IS NULL THEN NULL ELSE concat($1::text, NULL::text) END AS "id",
      $2::text AS "kind",
      NULLIF(btrim(r."Nazwa grupy"::text), '') AS "name",
      NULL::text AS "teryt",
      NULLIF(btrim(r."Nazwa grupy"::text), '') AS "substation_name",
      (SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($4::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $3::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."2026"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n) AS "available_mw",
      $5::text AS "voltage_kv",
      $6::text AS "operator",
      (SELECT count(*) FROM layer_pub.power_substations s WHERE btrim(regexp_replace(regexp_replace(regexp_replace(translate(lower(s.name), 'ąćęłńóśźż', 'acelnoszz'), '[0-9]+([.,][0-9]+)?(\s*/\s*[0-9]+([.,][0-9]+)?)*\s*kv', ' ', 'g'), '\m(gpz|rpz|gpo|sto|se|ss|stacja|elektroenergetyczna|transformatorowa|rozdzielnia)\M', ' ', 'g'), '[^a-z0-9]+', ' ', 'g')) = btrim(regexp_replace(regexp_replace(regexp_replace(translate(lower(NULLIF(btrim(r."Nazwa grupy"::text), '')), 'ąćęłńóśźż', 'acelnoszz'), '[0-9]+([.,][0-9]+)?(\s*/\s*[0-9]+([.,][0-9]+)?)*\s*kv', ' ', 'g'), '\m(gpz|rpz|gpo|sto|se|ss|stacja|elektroenergetyczna|transformatorowa|rozdzielnia)\M', ' ', 'g'), '[^a-z0-9]+', ' ', 'g')) AND ((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[] IS NULL OR left(s.teryt, 2) = ANY((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[]) OR left(s.teryt, 4) = ANY((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[])
       OR left(s.teryt, 4) IN (SELECT b.id FROM layer_pub.admin_bounds b WHERE b.kind = 'powiat' AND lower(b.name) = ANY((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[]))) AND ($8::text IS NULL OR NOT $8::text ~ '^[-+]?[0-9]+([.,][0-9]+)?$' OR trim_scale(replace($8::text, ',', '.')::numeric)::text = ANY(string_to_array(s.voltages::text, '/')))) AS "_substation_candidates",
      concat_ws(', ', 'name ' || COALESCE(NULLIF(btrim(r."Nazwa grupy"::text), ''), '(none)'), 'area ' || COALESCE(COALESCE($9::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), '(none)'), COALESCE($10::text, '(no voltage)') || ' kV') AS "_substation_row",
      (SELECT (array_agg(s.geom))[1] FROM layer_pub.power_substations s WHERE btrim(regexp_replace(regexp_replace(regexp_replace(translate(lower(s.name), 'ąćęłńóśźż', 'acelnoszz'), '[0-9]+([.,][0-9]+)?(\s*/\s*[0-9]+([.,][0-9]+)?)*\s*kv', ' ', 'g'), '\m(gpz|rpz|gpo|sto|se|ss|stacja|elektroenergetyczna|transformatorowa|rozdzielnia)\M', ' ', 'g'), '[^a-z0-9]+', ' ', 'g')) = btrim(regexp_replace(regexp_replace(regexp_replace(translate(lower(NULLIF(btrim(r."Nazwa grupy"::text), '')), 'ąćęłńóśźż', 'acelnoszz'), '[0-9]+([.,][0-9]+)?(\s*/\s*[0-9]+([.,][0-9]+)?)*\s*kv', ' ', 'g'), '\m(gpz|rpz|gpo|sto|se|ss|stacja|elektroenergetyczna|transformatorowa|rozdzielnia)\M', ' ', 'g'), '[^a-z0-9]+', ' ', 'g')) AND ((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[] IS NULL OR left(s.teryt, 2) = ANY((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[]) OR left(s.teryt, 4) = ANY((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[])
       OR left(s.teryt, 4) IN (SELECT b.id FROM layer_pub.admin_bounds b WHERE b.kind = 'powiat' AND lower(b.name) = ANY((SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\s+', '', 'i'))) FROM unnest(string_to_array(COALESCE($7::text::jsonb ->> NULLIF(btrim(r."Oddział"::text), ''), NULL::text), ',')) AS a)::text[]))) AND ($8::text IS NULL OR NOT $8::text ~ '^[-+]?[0-9]+([.,][0-9]+)?$' OR trim_scale(replace($8::text, ',', '.')::numeric)::text = ANY(string_to_array(s.voltages::text, '/'))) HAVING count(*) = 1) AS geom
 FROM layer_stage.r12_raw r
WHERE NOT COALESCE(COALESCE((SELECT trim_scale(max(v))::text FROM (SELECT COALESCE(($12::text::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN $11::text::numeric END) * replace(m[1], ',', '.')::numeric AS v
                     FROM regexp_split_to_table(NULLIF(btrim(r."2026"::text), ''), '\s*;\s*') AS part, regexp_match(part, '^\s*([0-9]+(?:[.,][0-9]+)?)\s*([A-Za-z]*)\s*$') AS m
                    WHERE m IS NOT NULL) n), $13::text) ~ $14::text, false);

-- createMapped (grid-capacity-energa, every column present) (2 of 2)
SELECT count(*) AS n FROM layer_stage.r12;

-- terytOffLevel
-- $1 = "^([0-9]{7})$"
SELECT teryt, count(*) OVER () AS n FROM (SELECT DISTINCT teryt FROM layer_stage.r12 WHERE teryt IS NOT NULL AND teryt !~ $1) t ORDER BY teryt LIMIT 3;

-- dropUnplaced
WITH gone AS (DELETE FROM layer_stage.r12 WHERE geom IS NULL RETURNING id) SELECT count(*) AS n, (array_agg(COALESCE(id, '(no id)')))[1:3] AS examples FROM gone;

-- dropUnmatchedSubstations (1 of 2)
WITH gone AS (DELETE FROM layer_stage.r12 WHERE geom IS NULL RETURNING id, _substation_row AS named, _substation_candidates AS candidates)
SELECT id, named, candidates FROM gone ORDER BY id;

-- dropUnmatchedSubstations (2 of 2)
ALTER TABLE layer_stage.r12 DROP COLUMN _substation_row, DROP COLUMN _substation_candidates;

-- drop
DROP TABLE IF EXISTS layer_stage.r12_raw;
