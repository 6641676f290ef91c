import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * The booking form of spec section 3, with the messages of spec section 5.
 * class-validator runs a property's decorators bottom-up and the first failure becomes
 * `error`, so the "required" checks sit last: an empty field reports that it is missing.
 */
export class RegisterFreeClassDto {
  @ApiProperty({ example: 'Ana', maxLength: 80 })
  @Transform(trim)
  @MaxLength(80, { message: 'Nombre no puede tener más de 80 caracteres.' })
  @IsString({ message: 'Nombre es requerido.' })
  @IsNotEmpty({ message: 'Nombre es requerido.' })
  name: string;

  @ApiProperty({ example: 'Martínez', maxLength: 80 })
  @Transform(trim)
  @MaxLength(80, { message: 'Apellido no puede tener más de 80 caracteres.' })
  @IsString({ message: 'Apellido es requerido.' })
  @IsNotEmpty({ message: 'Apellido es requerido.' })
  lastname: string;

  @ApiProperty({ example: '012345678', description: 'DUI salvadoreño: 8 o 9 dígitos, sin guion' })
  @Transform(trim)
  @Matches(/^\d{8,9}$/, { message: 'DUI debe contener solo números y ser de 8 o 9 dígitos.' })
  @IsString({ message: 'DUI es requerido.' })
  @IsNotEmpty({ message: 'DUI es requerido.' })
  dui: string;

  @ApiProperty({ example: 'ana.martinez@example.com', maxLength: 254 })
  @Transform(trim)
  @MaxLength(254, { message: 'Correo Electrónico no puede tener más de 254 caracteres.' })
  @IsEmail({}, { message: 'Correo Electrónico no es válido.' })
  @IsString({ message: 'Correo Electrónico es requerido.' })
  @IsNotEmpty({ message: 'Correo Electrónico es requerido.' })
  email: string;

  @ApiProperty({ example: '+50370001234', description: 'Formato internacional E.164: + código de país y número' })
  @Transform(trim)
  @Matches(/^\+[1-9]\d{10,14}$/, { message: 'El número debe incluir el código de país y tener al menos 8 dígitos.' })
  @IsString({ message: 'Teléfono es requerido.' })
  @IsNotEmpty({ message: 'Teléfono es requerido.' })
  cellphone: string;

  @ApiProperty({ example: '2026-11-24', description: 'Fecha de la clase (YYYY-MM-DD) en hora de El Salvador' })
  @Transform(trim)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Fecha debe tener el formato AAAA-MM-DD.' })
  @IsString({ message: 'Fecha es requerida.' })
  @IsNotEmpty({ message: 'Fecha es requerida.' })
  date: string;

  @ApiProperty({ example: '4:00-5:00 pm', description: 'Horario tal como lo ofrece el formulario' })
  @Transform(trim)
  @MaxLength(20, { message: 'Horario no es válido.' })
  @IsString({ message: 'Horario es requerido.' })
  @IsNotEmpty({ message: 'Horario es requerido.' })
  time: string;
}

export class FreeClassBookingDto {
  @ApiProperty({ example: '7d0c9c8e-2f7b-4f57-9a53-0a4c4f1e2b11' })
  id: string;

  @ApiProperty({ example: '2026-11-24' })
  date: string;

  @ApiProperty({ example: '4:00-5:00 pm' })
  time: string;

  @ApiProperty({ example: 'Upper Body and Abs' })
  className: string;
}

export class FreeClassRegisteredDto {
  @ApiProperty({ example: '¡Registro exitoso! Revisa tu correo para más detalles.' })
  message: string;

  @ApiProperty({ type: FreeClassBookingDto })
  booking: FreeClassBookingDto;
}
