/** The 24 jurisdictions of Argentina (ISO 3166-2:AR codes) with their main localities and postal codes. */
export const PROVINCES: ReadonlyArray<{
  code: string;
  name: string;
  localities: ReadonlyArray<[string, string]>;
}> = [
  {
    code: 'C',
    name: 'Ciudad Autónoma de Buenos Aires',
    localities: [
      ['Palermo', 'C1425'],
      ['Belgrano', 'C1428'],
      ['Caballito', 'C1405'],
      ['Recoleta', 'C1113'],
      ['San Telmo', 'C1100'],
      ['Villa Urquiza', 'C1431'],
    ],
  },
  {
    code: 'B',
    name: 'Buenos Aires',
    localities: [
      ['La Plata', '1900'],
      ['Mar del Plata', '7600'],
      ['Bahía Blanca', '8000'],
      ['Quilmes', '1878'],
      ['San Isidro', '1642'],
      ['Tandil', '7000'],
      ['Morón', '1708'],
    ],
  },
  {
    code: 'K',
    name: 'Catamarca',
    localities: [
      ['San Fernando del Valle de Catamarca', '4700'],
      ['Andalgalá', '4740'],
      ['Belén', '4750'],
    ],
  },
  {
    code: 'H',
    name: 'Chaco',
    localities: [
      ['Resistencia', '3500'],
      ['Presidencia Roque Sáenz Peña', '3700'],
      ['Villa Ángela', '3540'],
    ],
  },
  {
    code: 'U',
    name: 'Chubut',
    localities: [
      ['Rawson', '9103'],
      ['Comodoro Rivadavia', '9000'],
      ['Puerto Madryn', '9120'],
      ['Trelew', '9100'],
    ],
  },
  {
    code: 'X',
    name: 'Córdoba',
    localities: [
      ['Córdoba', '5000'],
      ['Río Cuarto', '5800'],
      ['Villa María', '5900'],
      ['Villa Carlos Paz', '5152'],
    ],
  },
  {
    code: 'W',
    name: 'Corrientes',
    localities: [
      ['Corrientes', '3400'],
      ['Goya', '3450'],
      ['Paso de los Libres', '3230'],
    ],
  },
  {
    code: 'E',
    name: 'Entre Ríos',
    localities: [
      ['Paraná', '3100'],
      ['Concordia', '3200'],
      ['Gualeguaychú', '2820'],
    ],
  },
  {
    code: 'P',
    name: 'Formosa',
    localities: [
      ['Formosa', '3600'],
      ['Clorinda', '3610'],
    ],
  },
  {
    code: 'Y',
    name: 'Jujuy',
    localities: [
      ['San Salvador de Jujuy', '4600'],
      ['Palpalá', '4612'],
      ['San Pedro de Jujuy', '4500'],
    ],
  },
  {
    code: 'L',
    name: 'La Pampa',
    localities: [
      ['Santa Rosa', '6300'],
      ['General Pico', '6360'],
    ],
  },
  {
    code: 'F',
    name: 'La Rioja',
    localities: [
      ['La Rioja', '5300'],
      ['Chilecito', '5360'],
    ],
  },
  {
    code: 'M',
    name: 'Mendoza',
    localities: [
      ['Mendoza', '5500'],
      ['San Rafael', '5600'],
      ['Godoy Cruz', '5501'],
      ['Luján de Cuyo', '5507'],
    ],
  },
  {
    code: 'N',
    name: 'Misiones',
    localities: [
      ['Posadas', '3300'],
      ['Oberá', '3360'],
      ['Puerto Iguazú', '3370'],
    ],
  },
  {
    code: 'Q',
    name: 'Neuquén',
    localities: [
      ['Neuquén', '8300'],
      ['San Martín de los Andes', '8370'],
      ['Cutral Có', '8322'],
    ],
  },
  {
    code: 'R',
    name: 'Río Negro',
    localities: [
      ['Viedma', '8500'],
      ['San Carlos de Bariloche', '8400'],
      ['General Roca', '8332'],
      ['Cipolletti', '8324'],
    ],
  },
  {
    code: 'A',
    name: 'Salta',
    localities: [
      ['Salta', '4400'],
      ['San Ramón de la Nueva Orán', '4530'],
      ['Tartagal', '4560'],
    ],
  },
  {
    code: 'J',
    name: 'San Juan',
    localities: [
      ['San Juan', '5400'],
      ['Rawson', '5425'],
      ['Caucete', '5442'],
    ],
  },
  {
    code: 'D',
    name: 'San Luis',
    localities: [
      ['San Luis', '5700'],
      ['Villa Mercedes', '5730'],
      ['Merlo', '5881'],
    ],
  },
  {
    code: 'Z',
    name: 'Santa Cruz',
    localities: [
      ['Río Gallegos', '9400'],
      ['Caleta Olivia', '9011'],
      ['El Calafate', '9405'],
    ],
  },
  {
    code: 'S',
    name: 'Santa Fe',
    localities: [
      ['Santa Fe', '3000'],
      ['Rosario', '2000'],
      ['Rafaela', '2300'],
      ['Venado Tuerto', '2600'],
    ],
  },
  {
    code: 'G',
    name: 'Santiago del Estero',
    localities: [
      ['Santiago del Estero', '4200'],
      ['La Banda', '4300'],
      ['Termas de Río Hondo', '4220'],
    ],
  },
  {
    code: 'V',
    name: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur',
    localities: [
      ['Ushuaia', '9410'],
      ['Río Grande', '9420'],
      ['Tolhuin', '9412'],
    ],
  },
  {
    code: 'T',
    name: 'Tucumán',
    localities: [
      ['San Miguel de Tucumán', '4000'],
      ['Yerba Buena', '4107'],
      ['Tafí Viejo', '4103'],
      ['Concepción', '4146'],
    ],
  },
];
